/**
 * OPTIMIZATION: a small table of what was found for an owner (an attribute plan, an element's facts: anything with a
 * small `id` of its own) and an attribute name. The slot is a hash of the owner's id and the name's length and end
 * characters; a hit is found by comparing the owner and the name (the parser's names are the engine's internalized
 * strings: by identity, tokenizer/intern.ts). A miss is looked up by the caller and put in the slot in place of what
 * was there, so the table's size is bounded whatever the input.
 */
export class NameTable<O extends { readonly id: number }, V> {
  private readonly owners: (O | null)[];
  private readonly names: string[];
  private readonly values: V[];
  /** The slot the last `has` looked at. */
  private slot = 0;

  /** `size` slots (a power of two), each holding `empty` at first. */
  constructor(private readonly size: number, empty: V) {
    this.owners = new Array<O | null>(size).fill(null);
    this.names = new Array<string>(size).fill('');
    this.values = new Array<V>(size).fill(empty);
  }

  /** Whether the table holds `owner` and `name`: then `value` reads what was found, else `put` keeps it. */
  has(owner: O, name: string): boolean {
    const n = name.length;
    const slot = n === 0 ? 0 : (owner.id * 17 + n * 7 + name.charCodeAt(0) * 5 + name.charCodeAt(n - 1) * 3) & (this.size - 1);
    this.slot = slot;
    return this.owners[slot] === owner && this.names[slot] === name;
  }

  /** What was found for the owner and name the last `has` held. */
  value(): V {
    return this.values[this.slot];
  }

  /** Keeps `value` for `owner` and `name`, the last `has` asked for (in its slot); returns it. */
  put(owner: O, name: string, value: V): V {
    const slot = this.slot;
    this.owners[slot] = owner;
    this.names[slot] = name;
    this.values[slot] = value;
    return value;
  }
}
