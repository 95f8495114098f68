// At most 10 containers may be selected in the Yard tab (spec 1 §9), as the yard map takes 10.
export const maxYardSelection = 10;
