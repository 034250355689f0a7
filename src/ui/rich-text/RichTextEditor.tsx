import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type Quill from 'quill';
import { makeRovingToolbar } from './roving-toolbar';
import { sanitizeRichText } from './sanitize';
import 'quill/dist/quill.snow.css';

/** Something the editor may offer while the person types: its text, and what tells it apart. */
export interface Suggestion {
  description: string;
  detail: string;
}

interface RichTextEditorProps<S extends Suggestion> {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  /**
   * Suggestions for the plain text typed so far (issue 29: earlier descriptions). Offered in a
   * list under the editor once the person types; ArrowDown and ArrowUp move through it, Enter
   * chooses, Escape closes it. Choosing puts the suggestion's text in the editor.
   */
  suggest?: ((text: string) => S[]) | undefined;
  /** Told of the suggestion chosen (after the editor holds its text). */
  onSuggestion?: ((chosen: S) => void) | undefined;
  /** The name of the list of suggestions. */
  suggestionsLabel?: string | undefined;
}

// Only the formats the toolbar offers are allowed, so pasted content cannot bring in others.
const FORMATS = ['bold', 'italic', 'header'];
const TOOLBAR = [['bold', 'italic'], [{ header: 1 }, { header: 2 }], [{ header: false }]];

// Quill's toolbar buttons are icons only; give each a name screen readers can announce.
function labelToolbar(container: HTMLElement): void {
  const names: Record<string, string> = {
    bold: 'Bold',
    italic: 'Italic',
    'header:1': 'Heading 1',
    'header:2': 'Heading 2',
    'header:': 'Normal text',
    'header:false': 'Normal text',
  };
  container.querySelectorAll<HTMLButtonElement>('.ql-toolbar button').forEach((button) => {
    const format = [...button.classList].find((c) => c.startsWith('ql-'))?.slice(3) ?? '';
    const key = format === 'header' ? `header:${button.value}` : format;
    const name = names[key];
    if (name) button.setAttribute('aria-label', name);
    if (name) button.title = name;
    // Quill has no icon for "normal text"; a pilcrow shows what the button does.
    if (name === 'Normal text' && !button.querySelector('svg')) button.textContent = '¶';
  });
}

/** The text of the element `id` names (the field's label), for the toolbar's name. */
const labelOf = (id: string) => document.getElementById(id)?.textContent?.trim() ?? 'Text';

/** Quill editor with bold, italic, H1, H2 and normal text; loads Quill only when shown. */
export function RichTextEditor<S extends Suggestion>({
  label,
  value,
  onChange,
  error,
  suggest,
  onSuggestion,
  suggestionsLabel = 'Suggestions',
}: RichTextEditorProps<S>) {
  const host = useRef<HTMLDivElement>(null);
  // What the person typed (plain text), while they type: null until they do, and once the list
  // is closed (Escape, a choice, leaving the editor).
  const [typed, setTyped] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const items = typed && suggest ? suggest(typed) : [];
  const open = items.length > 0;
  const quill = useRef<Quill | null>(null);
  const latest = useRef(onChange);
  latest.current = onChange;
  const initial = useRef(value);
  const labelId = useId();
  const errorId = useId();

  useEffect(() => {
    let cancelled = false;
    const container = host.current;
    if (!container) return;
    // A fresh child per mount, so StrictMode's double mount never leaves two toolbars.
    const mount = document.createElement('div');
    container.append(mount);
    void import('quill').then(({ default: QuillClass }) => {
      if (cancelled) return;
      const editor = new QuillClass(mount, {
        theme: 'snow',
        formats: FORMATS,
        // Tab moves focus on, as everywhere else in the form, instead of typing a tab character.
        modules: { toolbar: TOOLBAR, keyboard: { bindings: { tab: null, 'remove tab': null } } },
      });
      labelToolbar(container);
      // The snow theme always builds a tooltip for editing links, with a preview link to
      // about:blank; this editor offers no links, so the tooltip only confused screen readers.
      container.querySelector('.ql-tooltip')?.remove();
      const toolbar = container.querySelector<HTMLElement>('.ql-toolbar');
      if (toolbar) makeRovingToolbar(toolbar, `${labelOf(labelId)} formatting`);
      editor.root.setAttribute('aria-labelledby', labelId);
      editor.root.setAttribute('role', 'textbox');
      editor.root.setAttribute('aria-multiline', 'true');
      // setContents, not dangerouslyPasteHTML: pasting moves focus into the editor, which would
      // steal it from the form's first field and swallow keyboard shortcuts.
      editor.setContents(
        editor.clipboard.convert({ html: sanitizeRichText(initial.current) }),
        'silent',
      );
      editor.on('text-change', (_delta, _old, source) => {
        latest.current(editor.getLength() <= 1 ? '' : sanitizeRichText(editor.root.innerHTML));
        if (source === 'user') {
          setTyped(editor.getText().trim());
          setActive(-1);
        }
      });
      editor.on('selection-change', (range) => {
        if (!range) setTyped(null);
      });
      quill.current = editor;
    });
    return () => {
      cancelled = true;
      quill.current = null;
      container.replaceChildren();
    };
  }, [labelId]);

  useEffect(() => {
    const root = quill.current?.root;
    if (!root) return;
    if (error) root.setAttribute('aria-describedby', errorId);
    else root.removeAttribute('aria-describedby');
  }, [error, errorId]);

  // The editor is the list's textbox (a multi-line textbox with a list of suggestions: ARIA's
  // aria-autocomplete="list", the active option named by aria-activedescendant).
  useEffect(() => {
    const root = quill.current?.root;
    if (!root || !suggest) return;
    root.setAttribute('aria-autocomplete', 'list');
    if (open) root.setAttribute('aria-controls', listId);
    else root.removeAttribute('aria-controls');
    if (open && active >= 0) root.setAttribute('aria-activedescendant', `${listId}-${active}`);
    else root.removeAttribute('aria-activedescendant');
  }, [suggest, open, active, listId]);

  const choose = (index: number) => {
    const chosen = items[index];
    const editor = quill.current;
    if (!chosen || !editor) return;
    editor.setText(chosen.description, 'api');
    editor.setSelection(editor.getLength(), 0, 'api');
    setTyped(null);
    onSuggestion?.(chosen);
  };

  // Caught before Quill's own keys (this runs in the capture phase on the editor's host), and
  // only while the list is open: then Enter chooses and Escape closes the list, not the dialog.
  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!open) return;
    const keys: Record<string, () => void> = {
      ArrowDown: () => setActive((i) => (i + 1) % items.length),
      ArrowUp: () => setActive((i) => (i <= 0 ? items.length - 1 : i - 1)),
      Escape: () => setTyped(null),
      Enter: () => choose(active),
    };
    const act = keys[event.key];
    if (!act || (event.key === 'Enter' && active < 0)) return;
    event.preventDefault();
    event.stopPropagation();
    act();
  };

  // When the form resets (e.g. after saving), clear the editor too.
  useEffect(() => {
    const editor = quill.current;
    if (editor && value === '' && editor.getLength() > 1) editor.setText('');
  }, [value]);

  return (
    <div className="mb-4">
      <span id={labelId} className="field-label">
        {label}
      </span>
      <div className="relative" onKeyDownCapture={onKeyDownCapture}>
        <div ref={host} className="rounded-md bg-white [&_.ql-editor]:min-h-[6rem]" />
        {open ? (
          <ul
            id={listId}
            role="listbox"
            aria-label={suggestionsLabel}
            className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-auto rounded-md border border-slate-300 bg-white py-1 shadow-lg"
          >
            {items.map((item, index) => (
              // The keys are the editor's (the active option is its aria-activedescendant); an
              // option never takes focus, so a click is all it needs.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={`${item.description}\n${item.detail}`}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={`cursor-pointer px-3 py-1 ${index === active ? 'bg-blue-100' : ''}`}
                // Keeps the editor focused (a blur would close the list before the click).
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(index)}
              >
                <span className="block">{item.description}</span>
                {item.detail ? (
                  <span className="block text-sm text-slate-600">{item.detail}</span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
