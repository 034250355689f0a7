import { useState } from 'react';
import { logoUrl, removeLogo, uploadLogo } from '../../stores/invoice-settings';
import { Field } from '../../ui/form/Field';

const MAX_BYTES = 512 * 1024;

/**
 * The logo on invoices: shown when there is one, replaced by choosing a file (uploaded at once),
 * or removed. The browser checks type and size first so a person hears at once; the server
 * checks the bytes again.
 */
export function InvoiceLogoField({
  logoId,
  onChange,
}: {
  logoId: string;
  onChange: (logoId: string) => void;
}) {
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');

  async function choose(file: File | undefined) {
    if (!file) return;
    setStatus('');
    if (file.type !== 'image/png' && file.type !== 'image/jpeg')
      return setError('The logo must be a PNG or JPEG image.');
    if (file.size > MAX_BYTES) return setError('The logo must be at most 512 KB.');
    setError('');
    setStatus('Uploading the logo…');
    const result = await uploadLogo(file);
    if (!result.ok) {
      setStatus('');
      return setError(result.message);
    }
    onChange(result.logoId);
    setStatus('Logo saved. Invoices issued from now on carry it.');
  }

  async function remove() {
    const result = await removeLogo();
    if (!result.ok) return setError(result.message);
    setError('');
    onChange('');
    setStatus('Logo removed.');
  }

  return (
    <div className="mb-4">
      {logoId ? (
        <div className="mb-2 flex items-center gap-3">
          <img
            src={logoUrl(logoId)}
            alt="The logo on invoices"
            className="max-h-16 max-w-[10rem] object-contain"
          />
          <button
            type="button"
            className="py-2 text-brand-700 underline"
            onClick={() => void remove()}
          >
            Remove logo
          </button>
        </div>
      ) : null}
      <Field
        label={logoId ? 'Replace the logo' : 'Logo'}
        hint="PNG or JPEG, at most 512 KB. Shown at the top of each invoice."
        error={error}
      >
        {(control) => (
          <input
            {...control}
            type="file"
            accept="image/png,image/jpeg"
            className="field-input"
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        )}
      </Field>
      <p role="status" className="text-sm text-slate-700">
        {status}
      </p>
    </div>
  );
}
