/** The Email / Phone radio pair that sign-in and password reset both ask with. */
export type IdentifierMethod = 'email' | 'phone';

export function IdentifierChoice({
  legend,
  name,
  method,
  onChange,
}: {
  legend: string;
  name: string;
  method: IdentifierMethod;
  onChange: (method: IdentifierMethod) => void;
}) {
  return (
    <fieldset className="auth-fieldset">
      <legend className="auth-legend">{legend}</legend>
      <div className="choices">
        <label className="choice">
          <input
            type="radio"
            name={name}
            value="email"
            checked={method === 'email'}
            onChange={() => onChange('email')}
          />
          Email
        </label>
        <label className="choice">
          <input
            type="radio"
            name={name}
            value="phone"
            checked={method === 'phone'}
            onChange={() => onChange('phone')}
          />
          Phone
        </label>
      </div>
    </fieldset>
  );
}
