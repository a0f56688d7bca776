/** The customer's fields, for both the create dialog and the edit form, each with its error. */
import { CUSTOMER_FIELDS, type CustomerForm, type TextField } from '../../lib/customers';
import { Select, TextInput } from '../../components/form';

const HINTS: Partial<Record<TextField, string>> = {
  fullName: '2 to 30 characters.',
  email: 'An email address or a phone number is needed to reach the customer.',
  phoneCountryCode: 'Digits only, such as 44.',
  phoneNumber: 'Digits only, without the country code.',
  postcode: '4 to 8 letters, digits and spaces.',
  vatNumber: '9 digits, optionally GB first.',
};

const INPUT_TYPE: Partial<Record<TextField, string>> = {
  email: 'email',
  phoneNumber: 'tel',
  phoneCountryCode: 'tel',
};

export function CustomerFields({
  prefix,
  form,
  errors,
  onChange,
}: {
  prefix: string;
  form: CustomerForm;
  errors: Record<string, string>;
  onChange: (form: CustomerForm) => void;
}) {
  return (
    <div className="form-grid">
      {CUSTOMER_FIELDS.map(([field, label]) => (
        <TextInput
          key={field}
          id={`${prefix}-${field}`}
          label={field === 'fullName' ? label : `${label} (optional)`}
          error={errors[field]}
          hint={HINTS[field]}
          type={INPUT_TYPE[field] ?? 'text'}
          autoComplete="off"
          value={form[field]}
          onValue={(value) => onChange({ ...form, [field]: value })}
        />
      ))}
      <Select
        id={`${prefix}-type`}
        label="Type"
        error={errors.type}
        value={form.type}
        onValue={(type) => onChange({ ...form, type: type as CustomerForm['type'] })}
      >
        <option value="INDIVIDUAL">Individual</option>
        <option value="BUSINESS">Business</option>
      </Select>
    </div>
  );
}
