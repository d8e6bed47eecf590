import { expect } from 'chai';
import { ContentSlabs } from '@goalhost/archive/internal';

describe('ContentSlabs: memory lent by a whole inflated archive', () => {
  it('serves a content as a view into lent memory, and gives the memory back only once every such content is released', () => {
    const slabs = new ContentSlabs();
    const memory = new SharedArrayBuffer(1024);
    slabs.lend(memory);
    const a = slabs.borrow(new Uint8Array(memory, 0, 100));
    const b = slabs.borrow(new Uint8Array(memory, 100, 200));
    expect(a?.buffer).to.equal(memory);
    expect(b?.byteOffset).to.equal(100);
    let freed = 0;
    slabs.reclaim(memory, () => freed++);
    expect(freed, 'contents still to be written').to.equal(0);
    slabs.release(a!);
    expect(freed).to.equal(0);
    slabs.release(b!);
    expect(freed).to.equal(1);
    // Not lent any more: contents there are copied again.
    expect(slabs.borrow(new Uint8Array(memory, 0, 10))).to.equal(undefined);
  });

  it('lends nothing of memory it was not lent, nor once the owner asked for it back', () => {
    const slabs = new ContentSlabs();
    expect(slabs.borrow(new Uint8Array(new SharedArrayBuffer(16)))).to.equal(undefined);
    const memory = new SharedArrayBuffer(64);
    slabs.lend(memory);
    const held = slabs.borrow(new Uint8Array(memory, 0, 8))!;
    let freed = 0;
    slabs.reclaim(memory, () => freed++);
    expect(slabs.borrow(new Uint8Array(memory, 8, 8))).to.equal(undefined);
    slabs.release(held);
    expect(freed).to.equal(1);
  });

  it('gives back at once memory with no content out, and everything at reset (contents planned then overwritten never come back)', () => {
    const slabs = new ContentSlabs();
    const idle = new SharedArrayBuffer(64);
    slabs.lend(idle);
    let freed = 0;
    slabs.reclaim(idle, () => freed++);
    expect(freed).to.equal(1);
    const busy = new SharedArrayBuffer(64);
    slabs.lend(busy);
    slabs.borrow(new Uint8Array(busy, 0, 8));
    slabs.reclaim(busy, () => freed++);
    expect(freed).to.equal(1);
    slabs.reset();
    expect(freed).to.equal(2);
  });
});
