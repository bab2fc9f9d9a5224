import { InProcessStreamBus } from '../../src/platform/streams/in-process-stream-bus.js';
import { describeDeliveryContract } from './stream-bus-delivery.contract.js';
import { describeLifecycleContract } from './stream-bus-lifecycle.contract.js';
import type { StreamBusHarness } from './stream-test-support.js';

// One process has one bus, so "the other process" is the same bus; closing it is the crash.
const harness: StreamBusHarness = {
  createPair: async (options) => {
    const bus = new InProcessStreamBus(options);
    return [bus, bus];
  },
  crashFailure: 'bus-closed',
};

describeDeliveryContract('in-process stream bus', harness);
describeLifecycleContract('in-process stream bus', harness);
