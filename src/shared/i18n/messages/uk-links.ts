/** Ukrainian: the card-saving and account-linking pages (en-links.ts has the English). */
import type { LinkMessages } from './en-links';

export const ukLinks: LinkMessages = {
  'link.cancel': 'Скасувати',
  'link.notFoundTitle': 'Посилання не знайдено',
  'link.usedTitle': 'Посилання вже використано',
  'link.expiredTitle': 'Термін дії посилання минув',
  'link.usedHeading': 'Це посилання вже використано',
  'link.expiredHeading': 'Термін дії цього посилання минув',
  'saveCard.title': 'Збереження картки',
  'saveCard.heading': 'Зберегти картку для {shop}',
  'saveCard.note':
    'Вашу картку буде збережено для майбутніх платежів на користь {shop}. Зараз гроші не списуються.',
  'saveCard.submit': 'Зберегти картку',
  'saveCard.theShop': 'магазину',
  'saveCard.challengeHeading': '3D Secure: підтвердьте, що це ви',
  'saveCard.challengeLine':
    'Ваш банк просить підтвердити збереження вашої картки {brand}, що закінчується на {last4}. Це тестовий емітент: виберіть, чим завершиться перевірка.',
  'saveCard.returnToShop': 'Повернутися до магазину',
  'saveCard.notFoundHeading': 'Це посилання не працює',
  'saveCard.notFoundLine': 'Перевірте посилання або попросіть у магазині нове.',
  'saveCard.usedSavedLine':
    'Вашу картку збережено. Попросіть у магазині нове посилання, щоб зберегти іншу картку.',
  'saveCard.usedFailedLine':
    'За цим посиланням картку не збережено. Попросіть у магазині нове посилання.',
  'saveCard.expiredLine': 'Картку не збережено. Попросіть у магазині нове посилання.',
  'saveCard.notSavedTitle': 'Картку не збережено',
  'saveCard.notSavedHeading': 'Вашу картку не збережено',
  'saveCard.cancelled': 'Ви скасували збереження картки',
  'saveCard.declined': 'Картку відхилено ({reason})',
  'saveCard.savedTitle': 'Картку збережено',
  'saveCard.savedHeading': 'Вашу картку збережено',
  'saveCard.savedLine':
    'Вашу картку {brand}, що закінчується на {last4}, збережено для майбутніх платежів на користь {shop}.',
  'saveCard.footer': 'Захищена сторінка картки · Counter',
  'bankLink.title': 'Підключіть свій банківський рахунок',
  'bankLink.chooseHint': 'Виберіть свій банк. Ви увійдете в нього і виберете, чим поділитися.',
  'bankLink.signInTitle': 'Вхід до {bank}',
  'bankLink.signInHint':
    'Пісочниця: увійти можна з будь-яким іменем користувача та будь-яким паролем.',
  'bankLink.userName': 'Ім’я користувача',
  'bankLink.password': 'Пароль',
  'bankLink.signIn': 'Увійти',
  'bankLink.errSignIn': 'Введіть ім’я користувача та пароль.',
  'bankLink.shareTitle': 'Надати доступ до рахунків',
  'bankLink.shareHeading': 'Надати {app} доступ до ваших рахунків?',
  'bankLink.shareLine':
    '{bank} дозволить {app} читати дані й операції цих рахунків від імені {merchant}, доки ви не відкличете дозвіл:',
  'bankLink.deny': 'Не дозволяти',
  'bankLink.allow': 'Дозволити',
  'bankLink.thisMerchant': 'цього продавця',
  'bankLink.endedHeading': 'Цим посиланням не можна скористатися',
  'bankLink.noSuchLink': 'Такого посилання для підключення немає.',
  'bankLink.used': 'Це посилання вже використано.',
  'bankLink.expired': 'Термін дії цього посилання минув.',
  'bankLink.startAgain': 'Почніть знову в застосунку, який надіслав вас сюди.',
  'bankLink.footer': 'Захищене підключення рахунку · Counter',
};
