// The resolver in a worker thread (see endpoint.ts): it reads the template as
// soon as it starts, and answers the wizard until the wizard ends it. A failure
// is not caught here: it ends the worker, and the wizard's side starts another
// (see client.ts).
import {parentPort, workerData} from 'node:worker_threads'
import {setMaxYamlSize} from '../../engine/index.js'
import {Endpoint, type ResolverMessage, type WorkerInput} from './endpoint.js'

const port = parentPort!
const {input, maxYamlMB} = workerData as WorkerInput
setMaxYamlSize(maxYamlMB)
const endpoint = new Endpoint(input, (message, transfer = []) => port.postMessage(message, transfer))
port.on('message', (message: ResolverMessage) => endpoint.receive(message))
