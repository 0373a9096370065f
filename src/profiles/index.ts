export {ProfileStore, defaultConfigDir, type ProfileStoreOptions} from './store.js'
export {invalidProfileName, ProfileError, PROFILE_NAME, type Profile, type ProfileTemplate} from './types.js'
export {describeStaleness, sha256File, staleness, type Staleness} from './staleness.js'
export {exportProfile, readExportHeader, type ExportHeader} from './export-format.js'
