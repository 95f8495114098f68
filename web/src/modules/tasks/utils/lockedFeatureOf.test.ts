import { describe, expect, it } from 'vitest';
import { messages, routes, type FeatureFlags, type UserInfo } from '@openyard/contracts';
import { lockedFeatureOf } from './lockedFeatureOf';

const features = (enterpriseVersion: boolean): FeatureFlags => ({
  enterpriseVersion,
  planningEngineEnabled: false,
  smartGateEnabled: false,
  smartTransportEnabled: false,
  chaVehicleEnabled: false,
});
const user = (systemRole: UserInfo['systemRole']) => ({ systemRole }) as UserInfo;

describe('the locked-feature modal on the tasks page (spec 3 §6)', () => {
  it('locks editing outside the enterprise edition for everyone but superadmin', () => {
    expect(lockedFeatureOf(routes.tasks.save, { features: features(false), user: user('admin') })).toBe(
      messages.lockedFeature,
    );
    expect(lockedFeatureOf(routes.tasks.transfer, { features: features(false), user: user('operator') })).toBe(
      messages.lockedFeature,
    );
    expect(lockedFeatureOf(routes.tasks.save, { features: features(false), user: user('superadmin') })).toBeNull();
    expect(lockedFeatureOf(routes.tasks.save, { features: features(true), user: user('admin') })).toBeNull();
  });

  it('does not lock what the edition does not restrict (completing a task)', () => {
    expect(lockedFeatureOf(routes.tasks.complete, { features: features(false), user: user('admin') })).toBeNull();
  });
});
