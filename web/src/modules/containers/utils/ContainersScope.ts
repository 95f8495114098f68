// The two top tabs of /containers (spec 1 §2): Yard (containers in the yard) and All (every visit).
export type ContainersScope = 'yard' | 'all';
