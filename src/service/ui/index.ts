/**
 * The HTML kit every page of the service is built from (docs/hosted-page.md, "Adding a hosted
 * page"): render a <PageShell> holding these components with `sendPage(c, status, page)`.
 * It depends on the kernel only, so any area may serve a page with it.
 */
export {
  PageShell,
  PageNonce,
  PageLanguage,
  LanguageLinks,
  usePageWords,
  type ShellProps,
  type Theme,
} from './shell';
export {
  CardForm,
  ErrorBox,
  HiddenFields,
  LinkButton,
  MerchantHeader,
  SandboxChallengeForm,
  StatusCard,
  ThreeDSChallenge,
  type CardField,
  type CardFormValues,
} from './components';
export {
  acceptedLanguage,
  pageLanguage,
  renderPage,
  setPageAddress,
  setShopLanguage,
  setMerchantLanguage,
  securityHeaders,
  seeOther,
  sendPage,
  type ChosenLanguage,
  type HostedPage,
  type MerchantLanguage,
} from './render-page';
export { crossSite, guardHostedPages, type PageOrigin } from './guard';
export { keyOfEnglish, sayIn, type Said } from './words';
export { cardError } from './card-error';
