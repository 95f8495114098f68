// The tabs of /trailers by the spec's names (spec 3 §2, §9).
export const TRAILERS_TABS = ['trailers', 'plaCards', 'permanentTrailers'] as const;
export type TrailersTabName = (typeof TRAILERS_TABS)[number];
