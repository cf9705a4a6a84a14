import { withFieldGroup } from '~/components/forms/form-hook'

/**
 * The three fields of a SEPA direct-debit mandate, used in booking step 3 (`payment`) and on the
 * payment page: account holder, IBAN (checked on the page and on the server) and the mandate text
 * to agree to. Ids are `${idPrefix}-accountHolder`, `-iban`, `-mandate`.
 */
export const SepaMandateFields = withFieldGroup({
  defaultValues: { iban: '', accountHolder: '', mandate: false },
  props: { idPrefix: '', mandateText: '' },
  render: function SepaMandateFields({ group, idPrefix, mandateText }) {
    return (
      <>
        <group.AppField name="accountHolder">
          {(f) => <f.TextField id={`${idPrefix}-accountHolder`} label="Kontoinhaberin oder Kontoinhaber" required maxLength={70} autoComplete="name" />}
        </group.AppField>
        <group.AppField name="iban">
          {(f) => <f.TextField id={`${idPrefix}-iban`} label="IBAN" hint="Zum Beispiel DE89 3704 0044 0532 0130 00" required maxLength={42} autoComplete="off" />}
        </group.AppField>
        <group.AppField name="mandate">
          {(f) => <f.CheckboxField id={`${idPrefix}-mandate`} required label={<>Ich erteile das folgende SEPA-Lastschriftmandat: {mandateText}</>} />}
        </group.AppField>
      </>
    )
  },
})
