import type { FeatureFlags, Metadata } from '@openyard/contracts';

// Without metadata (its load failed) every optional feature counts as off.
export function featureFlagsOf(metadata: Metadata | null): FeatureFlags {
  return {
    enterpriseVersion: metadata?.enterpriseVersion ?? false,
    planningEngineEnabled: metadata?.planningEngineEnabled ?? false,
    smartGateEnabled: metadata?.smartGateEnabled ?? false,
    smartTransportEnabled: metadata?.smartTransportEnabled ?? false,
    chaVehicleEnabled: metadata?.chaVehicleEnabled ?? false,
  };
}
