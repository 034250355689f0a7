interface SearchBoxProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** The list search field; `/` focuses it (see the shortcuts hook) and results follow each key. */
export function SearchBox({ label, value, onChange }: SearchBoxProps) {
  return (
    <div>
      <label className="sr-only" htmlFor={`search-${label}`}>
        {label}
      </label>
      <input
        id={`search-${label}`}
        type="search"
        className="field-input w-64 max-w-full"
        placeholder={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
