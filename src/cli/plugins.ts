// Technology plugins from the command line: a template's plugins are code from
// wherever the template came from, so they run only with --allow-plugins; modules
// the user names with --plugin run whatever the template says.
import type {Command} from 'commander'
import {collect} from './repeatable.js'

export function addPluginFlags(command: Command): Command {
    return command
        .option('--allow-plugins', "run the technology plugins the template's folder holds (plugins/technology, variability.plugins.technology): they are code")
        .option('--plugin <file>', 'also run this technology plugin module; repeatable', collect, [])
}
