// The path segment (and picker value) that lists the logs of every device.
export const allDevices = 'all';
