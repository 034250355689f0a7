import { useEffect, useId, useRef } from 'react';
import type Quill from 'quill';
import { makeRovingToolbar } from './roving-toolbar';
import { sanitizeRichText } from './sanitize';
import 'quill/dist/quill.snow.css';

interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
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
export function RichTextEditor({ label, value, onChange, error }: RichTextEditorProps) {
  const host = useRef<HTMLDivElement>(null);
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
      editor.on('text-change', () =>
        latest.current(editor.getLength() <= 1 ? '' : sanitizeRichText(editor.root.innerHTML)),
      );
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
      <div ref={host} className="rounded-md bg-white [&_.ql-editor]:min-h-[6rem]" />
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
