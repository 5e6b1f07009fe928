import { useTranslation } from 'react-i18next';
import { LinkList } from './SubscriptionScreen.styles';

/**
 * The names of a subscription's links, as the apps list them (a node's extra addresses, CONTRACTS
 * §14, each under its own name): on the subscription page and the panel's Connect page.
 */
export function LinkNames({ names, idPrefix }: { names: string[]; idPrefix: string }) {
  const { t } = useTranslation('connect');
  if (names.length === 0) return null;
  return (
    <LinkList aria-labelledby={`${idPrefix}-links-title`}>
      <h2 id={`${idPrefix}-links-title`}>{t('page.links')}</h2>
      <p>{t('page.linksHint')}</p>
      <ul>
        {names.map((name, index) => (
          <li key={`${index}-${name}`}>
            <bdi dir="ltr">{name}</bdi>
          </li>
        ))}
      </ul>
    </LinkList>
  );
}
