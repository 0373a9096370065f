export {ProfileStore} from './store.js'
export {type Profile} from './types.js'
