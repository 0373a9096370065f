// Tests that cannot run here (no ../shared beside the project, no tmux, no bash) skip visibly:
// the reason is part of the test's name, and test/helpers/skipped-reporter.ts lists them after a run.

/** `name`, followed by why it is skipped when `missing` is given: pair it with skipIf(Boolean(missing)). */
export function skipNamed(name: string, missing: string | false): string {
    return missing ? `${name} (skipped: ${missing})` : name
}
