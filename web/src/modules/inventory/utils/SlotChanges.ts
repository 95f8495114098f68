// The slots whose texels changed since the slots layer last took them: a live move names the few it
// repainted, a full repaint stands for every slot. The layer takes them when it uploads the texels,
// so what it holds is always in the texture it draws from, even when React renders an update the
// layer never receives (its changes reach the layer with the next one).
export class SlotChanges {
  private all = true;
  private readonly slots = new Set<number>();

  add(slot: number) {
    if (!this.all) this.slots.add(slot);
  }

  addAll() {
    this.all = true;
    this.slots.clear();
  }

  // The changed slots (null: every slot), forgotten.
  take(): number[] | null {
    const taken = this.all ? null : [...this.slots];
    this.all = false;
    this.slots.clear();
    return taken;
  }
}
