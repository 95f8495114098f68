// The gate screen's forms by element id: the shortcuts submit and reset the active one, and a
// refused form puts the focus on the field its rule names.
export const GATE_FORM_IDS = {
  offloading: 'gate-form-offloading',
  trailer: 'gate-form-trailer',
  retag: 'gate-form-retag',
  scanning: 'gate-form-scanning',
  dispatch: 'gate-form-dispatch',
} as const;
