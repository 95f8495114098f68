const key = 'openyard.lastAccess';

// The client's copy of the last access time (spec 1 §7), shared by every tab of the device.
export const lastAccessStorage = {
  read(): number | null {
    const value = Number(window.localStorage.getItem(key));
    return Number.isFinite(value) && value > 0 ? value : null;
  },
  write(time: number): void {
    window.localStorage.setItem(key, String(time));
  },
  clear(): void {
    window.localStorage.removeItem(key);
  },
};
