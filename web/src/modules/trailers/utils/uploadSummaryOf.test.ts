import { describe, expect, it } from 'vitest';
import { uploadSummaryOf } from './uploadSummaryOf';

describe('the summary of an upload', () => {
  it('counts the saved rows', () => {
    expect(uploadSummaryOf({ responsestatus: 'success', saved: 2, rows: [] })).toEqual({
      ok: true,
      text: '2 rows saved',
    });
    expect(uploadSummaryOf({ responsestatus: 'success', saved: 1, rows: [] }).text).toBe('1 row saved');
  });

  it('says that nothing was saved and how many rows were refused', () => {
    const summary = uploadSummaryOf({
      responsestatus: 'failed',
      saved: 0,
      rows: [
        { row: 2, status: 'Not saved' },
        { row: 3, status: 'Refused', message: 'x' },
      ],
    });
    expect(summary.ok).toBe(false);
    expect(summary.text).toMatch(/^1 of 2 rows refused\. Nothing was saved/);
  });

  it('says how many rows of a tasks sheet were saved when only some were', () => {
    const summary = uploadSummaryOf({
      responsestatus: 'partial',
      saved: 1,
      rows: [
        { row: 2, status: 'Saved' },
        { row: 3, status: 'Refused', message: 'x' },
      ],
    });
    expect(summary).toEqual({ ok: false, text: '1 of 2 rows saved' });
  });
});
