import { useState } from 'react';

// What the kiosk's tag field holds (spec 2 §2: the input is container tags): the entries made so
// far and the one being typed. A comma or Enter makes the typed text an entry; Backspace on an
// empty text takes the last entry back.
export function useEntryTags() {
  const [tags, setTags] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const commit = () => {
    const entry = draft.trim().toUpperCase();
    setDraft('');
    if (entry && !tags.includes(entry)) setTags([...tags, entry]);
  };
  return {
    tags,
    draft,
    // Every entry with the one being typed, as a search takes them.
    entries: () => {
      const typed = draft.trim().toUpperCase();
      return typed && !tags.includes(typed) ? [...tags, typed] : tags;
    },
    key: (key: string) => (key === ',' ? commit() : setDraft((text) => text + key)),
    type: (text: string) => {
      if (text.includes(',')) {
        const parts = text.split(',');
        const made = parts
          .slice(0, -1)
          .map((part) => part.trim().toUpperCase())
          .filter(Boolean);
        setTags([...tags, ...made.filter((entry, index) => !tags.includes(entry) && made.indexOf(entry) === index)]);
        setDraft(parts.at(-1) ?? '');
      } else setDraft(text);
    },
    commit,
    backspace: () => (draft ? setDraft(draft.slice(0, -1)) : setTags(tags.slice(0, -1))),
    remove: (entry: string) => setTags(tags.filter((tag) => tag !== entry)),
    clear: () => {
      setTags([]);
      setDraft('');
    },
  };
}
export type EntryTags = ReturnType<typeof useEntryTags>;
