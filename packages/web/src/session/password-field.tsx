import { describePasswordRules, type PasswordRules } from '@drawbridge/protocol';
import { useId } from 'react';

/**
 * A password input with its label; a new password shows the server's rules under the field (outside its
 * label, so the field's name stays the label's words) and checks their lengths before sending.
 */
export function PasswordField({
  label,
  name,
  rules,
  autoComplete,
}: {
  label: string;
  name: string;
  /** Given for a new password: the rules are shown and its length is checked. */
  rules?: PasswordRules;
  autoComplete: 'current-password' | 'new-password';
}) {
  const rulesId = useId();
  return (
    <div className="sign-in__password">
      <label className="sign-in__field">
        <span>{label}</span>
        <input
          name={name}
          type="password"
          autoComplete={autoComplete}
          required
          minLength={rules?.minLength}
          maxLength={rules?.maxLength}
          aria-describedby={rules === undefined ? undefined : rulesId}
        />
      </label>
      {rules === undefined ? null : (
        <p id={rulesId} className="sign-in__hint">
          {describePasswordRules(rules)}
        </p>
      )}
    </div>
  );
}
