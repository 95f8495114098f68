import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATE_TAG_FRESH_MS, messages } from '@openyard/contracts';
import { outcome } from '../../test/api-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createGate, readTag, requestId, rfidTag, singleGateIn } from '../../test/gate-fixtures';
import { permanentTrailers, plaCards } from '../../db/schema';

let t: TestApp;
let clerk: Awaited<ReturnType<TestApp['login']>>;
let inGate: { gateId: number; readers: Record<string, number> };
let outGate: { gateId: number; readers: Record<string, number> };

beforeAll(async () => {
  t = await createTestApp();
  clerk = await t.login('superadmin');
  inGate = await createGate(t, 'IN', ['GATEIN', 'TRAILER']);
  outGate = await createGate(t, 'OUT', ['GATEOUT', 'TRAILER']);
});
afterAll(() => t.close());

const tags = () => clerk.api.gateOperations;

describe("GET gate/*-tag: the gate's latest unused reads", () => {
  it('offers the latest read of the right reader, and not once a committed gate-in used it', async () => {
    const empty = await tags().entryTag({ query: { gateId: inGate.gateId } });
    expect(empty.responseMap).toEqual({
      tagid: null,
      plaCard: null,
      trailerNumber: null,
      readAt: null,
      readerId: null,
    });

    const first = rfidTag();
    const second = rfidTag();
    await readTag(t, inGate.readers.GATEIN!, first, Date.now() - 2000);
    await readTag(t, inGate.readers.GATEIN!, second, Date.now() - 1000);
    expect((await tags().entryTag({ query: { gateId: inGate.gateId } })).responseMap).toMatchObject({
      tagid: second,
      readerId: inGate.readers.GATEIN,
    });
    // The IN gate has no GATEOUT reader; its trailer reader's reads are not container tags.
    expect((await tags().exitTag({ query: { gateId: inGate.gateId } })).responseMap.tagid).toBeNull();

    const form = singleGateIn({ gateId: inGate.gateId }, { tagId: second });
    expect((await outcome(tags().gateIn({ body: form }))).body.responsestatus).toBe('success');
    expect((await tags().entryTag({ query: { gateId: inGate.gateId } })).responseMap.tagid).toBe(first);
    // The truck still under the reader: its tag read again is not offered to the next clerk.
    await readTag(t, inGate.readers.GATEIN!, second);
    expect((await tags().entryTag({ query: { gateId: inGate.gateId } })).responseMap.tagid).toBe(first);
    // A read older than the freshness window belongs to an earlier truck.
    const stale = rfidTag();
    await readTag(t, inGate.readers.GATEIN!, stale, Date.now() - GATE_TAG_FRESH_MS - 60_000);
    expect((await tags().entryTag({ query: { gateId: inGate.gateId } })).responseMap.tagid).toBe(first);
  });

  it('does not offer again a new tag a retag at the gate used', async () => {
    const form = singleGateIn({ gateId: inGate.gateId });
    expect((await outcome(tags().gateIn({ body: form }))).body.responsestatus).toBe('success');
    const newTag = rfidTag();
    await readTag(t, inGate.readers.GATEIN!, newTag);
    expect((await tags().entryTag({ query: { gateId: inGate.gateId } })).responseMap.tagid).toBe(newTag);
    const retag = await tags().retag({
      body: {
        requestId: requestId(),
        gateId: inGate.gateId,
        containerNumber: form.container1Data!.containerNumber!,
        newTag,
      },
    });
    expect(retag.responsestatus).toBe('success');
    expect((await tags().entryTag({ query: { gateId: inGate.gateId } })).responseMap.tagid).not.toBe(newTag);
  });

  it('answers trailer tags with their PLA card and permanent trailer, at an IN gate and at an OUT gate', async () => {
    const trailerTag = rfidTag();
    await t.db.insert(plaCards).values({ trailerTagNumber: trailerTag, plaCardNumber: `PLA-${trailerTag}` });
    await t.db.insert(permanentTrailers).values({ trailerNumber: `PT${trailerTag}`, trailerTag, transporter: 'Depot' });
    await readTag(t, inGate.readers.TRAILER!, trailerTag);
    expect((await tags().trailerTag({ query: { gateId: inGate.gateId } })).responseMap).toMatchObject({
      tagid: trailerTag,
      plaCard: `PLA-${trailerTag}`,
      trailerNumber: `PT${trailerTag}`,
    });
    // The IN gate's trailer reader is not an exit trailer reader.
    expect((await tags().exitTrailerTag({ query: { gateId: inGate.gateId } })).responseMap.tagid).toBeNull();

    await readTag(t, outGate.readers.TRAILER!, trailerTag);
    expect((await tags().exitTrailerTag({ query: { gateId: outGate.gateId } })).responseMap.tagid).toBe(trailerTag);
    expect((await tags().trailerTag({ query: { gateId: outGate.gateId } })).responseMap.tagid).toBeNull();
    const exitTag = rfidTag();
    await readTag(t, outGate.readers.GATEOUT!, exitTag);
    expect((await tags().exitTag({ query: { gateId: outGate.gateId } })).responseMap.tagid).toBe(exitTag);

    // A vehicle gate-in with the tag uses it at the IN gate.
    const done = await outcome(
      tags().trailerGateIn({
        body: {
          requestId: requestId(),
          gateId: inGate.gateId,
          trailerNumber: `PT${trailerTag}`,
          trailerTag,
          gateInType: 'Import',
        },
      }),
    );
    expect(done.body.responsestatus).toBe('success');
    expect((await tags().trailerTag({ query: { gateId: inGate.gateId } })).responseMap.tagid).toBeNull();
  });

  it('refuses an unknown gate', async () => {
    expect(await outcome(tags().entryTag({ query: { gateId: 999_999 } }))).toMatchObject({
      status: 404,
      body: { message: messages.unknownGate },
    });
  });
});

describe('GET containers/tag-valid', () => {
  it('says whether a tag may be bound, and to whom it is bound', async () => {
    const valid = (tagId: string, containerNumber?: string) =>
      tags().tagValid({ query: { tagId, ...(containerNumber ? { containerNumber } : {}) } });
    expect((await valid(rfidTag())).responseMap).toMatchObject({ valid: true, expired: false, boundTo: null });
    expect((await valid('Tank Tag')).responseMap.valid).toBe(true);
    expect((await valid('12AB')).responseMap).toMatchObject({ valid: false, message: messages.tagInvalid });
    const form = singleGateIn();
    await tags().gateIn({ body: form });
    const { tagId, containerNumber } = form.container1Data!;
    expect((await valid(tagId!)).responseMap).toMatchObject({
      valid: false,
      boundTo: containerNumber,
      message: messages.gateTagBound(tagId!, containerNumber!),
    });
    // Its own tag is valid for its own container.
    expect((await valid(tagId!, containerNumber!)).responseMap.valid).toBe(true);
  });
});
