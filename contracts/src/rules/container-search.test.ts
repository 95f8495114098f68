import { describe, expect, it } from 'vitest';
import { containerNumberTerms, isContainerNumberTerm, isWholeContainerNumber } from './container-search';

describe('inventory search terms', () => {
  it('takes an owner code with its category for the start of container numbers', () => {
    expect(containerNumberTerms('MSCU')).toEqual(['MSCU']);
    expect(containerNumberTerms(' mscu ')).toEqual(['MSCU']);
    expect(containerNumberTerms('CSQJ12')).toEqual(['CSQJ12']);
    expect(isWholeContainerNumber('MSCU')).toBe(false);
  });

  it('takes whole numbers, with or without the check digit, typed as painted or compact', () => {
    expect(containerNumberTerms('CSQU 305438 3')).toEqual(['CSQU3054383']);
    expect(containerNumberTerms('CSQU305438')).toEqual(['CSQU305438']);
    expect(isWholeContainerNumber('CSQU305438')).toBe(true);
    expect(containerNumberTerms('CSQU3054383, mscu,MSKU')).toEqual(['CSQU3054383', 'MSCU', 'MSKU']);
    expect(containerNumberTerms('MSCU MSCU')).toEqual(['MSCU']);
  });

  it('leaves IGM numbers, IGM items, slot names and other letters to the rest of the search', () => {
    expect(containerNumberTerms('2345678')).toBeNull();
    expect(containerNumberTerms('2345678:12')).toBeNull();
    expect(containerNumberTerms('A_1_3_2')).toBeNull();
    // The fourth letter of an owner prefix is a category identifier (U, J or Z).
    expect(isContainerNumberTerm('ABCD')).toBe(false);
    expect(isContainerNumberTerm('MSC')).toBe(false);
    expect(containerNumberTerms('MSCU, 2345678')).toBeNull();
    expect(containerNumberTerms(' , ')).toBeNull();
  });
});
