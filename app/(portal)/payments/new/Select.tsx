// A labelled select of { code, name } options (document types, banks, cash networks, installments).
export function Select({ id, label, options, ...rest }: { id: string; label: string; options: { code: string; name: string }[] } & React.SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="input" {...rest}>
        {options.map((x) => (
          <option key={x.code} value={x.code}>
            {x.name}
          </option>
        ))}
      </select>
    </div>
  );
}
