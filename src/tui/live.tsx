// The wizard on a template that may change while it is open: the template's
// folder is watched, a changed template is read again and handed to the wizard,
// which keeps the user's choices; one that cannot be read leaves the last version
// on screen with the reason.
import {useEffect, useState} from 'react'
import {loadTemplate, type LoadedTemplate} from '../engine/index.js'
import {watchFolder} from '../app/watch.js'
import {App, type AppProps} from './app.js'

export function LiveApp(props: AppProps) {
    const [template, setTemplate] = useState<LoadedTemplate>(props.template)
    const [reloadError, setReloadError] = useState<string | undefined>(undefined)
    const file = props.template.file
    useEffect(
        () =>
            watchFolder(file, () => {
                try {
                    setTemplate(loadTemplate(file))
                    setReloadError(undefined)
                } catch (e) {
                    const text = e instanceof Error ? e.message.split('\n')[0] : String(e)
                    setReloadError(`the template changed but cannot be read (${text}); showing the last version`)
                }
            }),
        [file],
    )
    return <App {...props} template={template} reloadError={reloadError} />
}
