import { useTranslation } from 'react-i18next';
import { FundPasswordItem } from '../../../shared/forms/fund-form';

/** The fund password field of the money screens, in their words. */
export function MoneyFundPassword() {
  const { t } = useTranslation('money');
  return (
    <FundPasswordItem
      label={t('fundPassword.label')}
      required={t('fundPassword.required')}
      placeholder={t('fundPassword.placeholder')}
    />
  );
}
