/** The back office's alerts and notifications overview, in English (sets the keys). */
export const texts = {
  notify: {
    alerts: 'Price alerts',
    activeAlerts: 'Active alerts',
    firedToday: 'Fired today',
    since: 'Since {{time}}',
    delivery: 'Delivery',
    pushDevices: 'Push devices',
    failingDevices: 'Devices with failed pushes',
    waitingMessages: 'Messages waiting to be pushed',
    oldestWaiting: 'Oldest waiting',
    none: 'None',
    flowing: 'Messages are going out',
    stalled: 'A message has waited more than {{minutes}} min: check that the notifier is running',
    updated: 'As of {{time}}',
  },
};
