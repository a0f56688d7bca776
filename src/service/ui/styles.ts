/**
 * The hosted pages' one stylesheet, inlined under the response's CSP nonce: a phone's first
 * paint needs no second request. Footer and muted text keep a 4.5:1 contrast on their
 * backgrounds (axe checks it in test/e2e/hosted-page.spec.ts). In `dl.sum` the label column
 * takes the free space, so each row's two cells meet and the total's divider runs unbroken, but
 * never less than its longest word: a long value wraps inside its own cell instead of squeezing
 * the labels letter by letter on a phone. Ids and references go in `dl.details`, each label above
 * its value, where a whole UUID wraps within the card at any width.
 */
export const HOSTED_STYLES = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2330;background:#f2f4f7;overflow-wrap:anywhere}
main{max-width:30rem;margin:0 auto;padding:1rem}
.card{background:#fff;border-radius:12px;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.12);margin-bottom:1rem}
h1{font-size:1.35rem;margin:0 0 .5rem}
h2{font-size:1.1rem;margin:0 0 .75rem}
p{margin:.5rem 0}
.merchant{font-weight:600;color:#4a5568;margin:0}
.logo{display:block;max-height:56px;max-width:160px;margin:0 0 8px}
.amount{font-size:2.25rem;font-weight:700;margin:.25rem 0}
.muted{color:#5a6475;font-size:.95rem}
.notes{background:#f7f8fa;border-radius:8px;padding:.5rem .75rem}
dl.sum{display:grid;grid-template-columns:minmax(min-content,1fr) auto;gap:.35rem 0;margin:.75rem 0}
dl.sum dt{color:#5a6475;padding-inline-end:1rem;overflow-wrap:break-word}dl.sum dd{margin:0;text-align:end;font-variant-numeric:tabular-nums;min-width:0}
dl.sum .total{font-weight:700;color:#1d2330;border-top:1px solid #e2e6ec;padding-top:.35rem}
dl.details{margin:.75rem 0}dl.details dt{color:#5a6475;font-size:.9rem}dl.details dd{margin:0 0 .5rem;overflow-wrap:anywhere}
.ref{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9rem;overflow-wrap:anywhere}
.basket{margin:.75rem 0 0}.basket summary{cursor:pointer;font-weight:600;padding:.25rem 0}
.basket ul{list-style:none;margin:.25rem 0 0;padding:0}
.basket li{display:grid;grid-template-columns:minmax(0,1fr) auto;gap:0 1rem;padding:.4rem 0;border-top:1px solid #e2e6ec}
.basket .each{display:block;color:#5a6475;font-size:.9rem}
.basket .line-total{text-align:end;font-variant-numeric:tabular-nums}
fieldset{border:0;padding:0;margin:0 0 1rem;min-width:0}
legend{font-weight:600;margin-bottom:.5rem;padding:0}
.choice{display:flex;align-items:center;gap:.75rem;min-height:48px;padding:.5rem .75rem;border:1px solid #cfd6e0;border-radius:10px;margin-bottom:.5rem;background:#fff;cursor:pointer}
.choice input{width:1.25rem;height:1.25rem;margin:0;flex:none}
.choice:has(input:checked){border-color:#2451d6;background:#eef3ff}
.choice:has(input:focus-visible){outline:3px solid #b25e00;outline-offset:2px}
label.field{display:block;font-weight:600;margin-bottom:.75rem}
label.field input,label.field select{display:block;width:100%;margin-top:.25rem;font:inherit;font-size:1rem;font-weight:400;min-height:48px;padding:.5rem .75rem;border:1px solid #6b7585;border-radius:10px;background:#fff;color:inherit}
label.field input[aria-invalid=true]{border-color:#b42318}
.row{display:flex;gap:.75rem}.row>*{flex:1;min-width:0}
.button,button{display:flex;align-items:center;justify-content:center;width:100%;min-height:52px;padding:.75rem 1rem;margin:.5rem 0;border:0;border-radius:10px;font:inherit;font-weight:600;font-size:1.05rem;text-decoration:none;cursor:pointer;background:#2451d6;color:#fff;text-align:center}
.button.secondary,button.secondary{background:#e7ebf2;color:#1d2330}
button.danger{background:#b42318}
:focus-visible{outline:3px solid #b25e00;outline-offset:2px}
.error{background:#fdecea;color:#8a1c12;border:1px solid #f5c2bd;border-radius:10px;padding:.75rem;margin-bottom:1rem}
.ok{background:#e8f6ee;color:#14532d;border:1px solid #b7e2c7;border-radius:10px;padding:.75rem;margin-bottom:1rem}
.status-icon{display:flex;align-items:center;justify-content:center;width:3rem;height:3rem;border-radius:50%;font-size:1.75rem;font-weight:700;color:#fff;background:#1a7f45;margin-bottom:.75rem}
.status-icon.bad{background:#b42318}
.spinner{width:3rem;height:3rem;border:4px solid #d5dbe5;border-top-color:#2451d6;border-radius:50%;animation:spin 1s linear infinite;margin:1rem auto}
@keyframes spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.spinner{animation:none}}
.sandbox{background:#fff4d6;color:#6b4a00;text-align:center;font-size:.85rem;padding:.35rem;margin:0}
.testcards{font-size:.9rem}.testcards summary{cursor:pointer;padding:.5rem 0}
.testcards table{border-collapse:collapse}.testcards th,.testcards td{padding-block:.15rem;padding-inline:0 .5rem;vertical-align:top;text-align:start}
.testcards code{white-space:nowrap}
footer{text-align:center;color:#4f5868;font-size:.8rem;padding:1rem}
.langs{display:flex;flex-wrap:wrap;justify-content:center;gap:0 .75rem;margin:0;padding:.25rem 1rem;list-style:none}
.langs a{display:inline-block;min-height:44px;padding:.6rem .25rem;color:#2451d6}
.langs a[aria-current]{color:#1d2330;font-weight:700;text-decoration:none}
body.bank{background:#0b3d2e}
body.bank .brandbar{background:#0f5a43;color:#fff;padding:1rem;text-align:center;font-weight:700;letter-spacing:.02em}
body.bank .button,body.bank button{background:#0f5a43}
body.bank button.danger{background:#8a1c12}
body.bank footer,body.issuer footer{color:#e6e9ef}
body.bank .langs a,body.issuer .langs a{color:#d6e4ff}
body.bank .langs a[aria-current],body.issuer .langs a[aria-current]{color:#fff}
body.issuer{background:#2d2a3e}
body.issuer .brandbar{background:#453f66;color:#fff;padding:1rem;text-align:center;font-weight:700}
body.issuer button{background:#453f66}
body.issuer button.danger{background:#8a1c12}
`;
