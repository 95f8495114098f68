// What a click on a cell selects in edit mode (spec 1 §2: by cell, row, column or area).
export type SelectBy = 'cell' | 'row' | 'column' | 'area';
