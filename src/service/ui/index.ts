/**
 * The building blocks of a hosted page (docs/hosted-page.md, "Adding a hosted page"):
 * render a <PageShell> holding these components with `sendPage(c, status, page)`.
 */
export { PageShell, PageNonce, type ShellProps, type Theme } from './shell';
export {
  CardForm,
  ErrorBox,
  HiddenFields,
  LinkButton,
  MerchantHeader,
  StatusCard,
  ThreeDSChallenge,
  type CardFormValues,
} from './components';
export { renderPage, securityHeaders, seeOther, sendPage, type HostedPage } from './render';
export { crossSite, guardHostedPages } from './guard';
