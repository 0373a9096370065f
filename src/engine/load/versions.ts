// The definitions versions Trellis reads: the variability ones it resolves, and plain TOSCA 1.3
// (what it writes, what type library files are written in, and what passes through unchanged).
export const VARIABILITY_VERSIONS = ['tosca_variability_1_0', 'tosca_variability_1_0_rc_2', 'tosca_variability_1_0_rc_3'] as const
export type VariabilityVersion = (typeof VARIABILITY_VERSIONS)[number]
export const TOSCA_VERSION = 'tosca_simple_yaml_1_3'
