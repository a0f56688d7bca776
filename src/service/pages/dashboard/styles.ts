/** The dashboard's stylesheet, inlined under the page's CSP nonce (no external resources). */
export const DASHBOARD_STYLES = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2330;background:#f2f4f7;overflow-wrap:anywhere}
[hidden]{display:none!important}
header.top{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;justify-content:space-between;background:#1d2330;color:#fff;padding:.75rem 1.25rem}
header.top .brand{font-weight:700;font-size:1.15rem;letter-spacing:.01em}
header.top .brand span{font-weight:400;opacity:.75}
header.top .who{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center}
header.top .store{opacity:.85}
.badge{display:inline-block;border-radius:999px;padding:.15rem .7rem;font-size:.8rem;font-weight:700;letter-spacing:.06em}
.badge.sandbox{background:#fde68a;color:#5b3b00}
.badge.production{background:#dc2626;color:#fff}
.badge.unknown{background:#cbd5e1;color:#1d2330}
main{max-width:76rem;margin:0 auto;padding:1rem}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,26rem),1fr));gap:1rem;align-items:start}
.wide{grid-column:1/-1}
.card{background:#fff;border-radius:12px;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.narrow{max-width:30rem;margin:2rem auto}
h1{font-size:1.4rem;margin:0 0 .5rem}
h2{font-size:1.15rem;margin:0}
h3{font-size:1rem;margin:0 0 .5rem}
.head{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;justify-content:space-between;margin-bottom:.75rem}
p{margin:.5rem 0}
.muted{color:#5a6475;font-size:.95rem}
label{display:block;font-weight:600;margin:.75rem 0 .3rem}
input[type=text],input[type=password],input[type=url],input:not([type]),select{width:100%;min-height:2.75rem;font:inherit;padding:.5rem .7rem;border:1px solid #b8c0cc;border-radius:8px;background:#fff;color:inherit}
input:focus-visible,select:focus-visible,button:focus-visible{outline:3px solid #93c5fd;outline-offset:1px}
fieldset{border:0;padding:0;margin:.75rem 0 0;min-width:0}
legend{font-weight:600;padding:0;margin-bottom:.3rem}
label.choice{display:inline-flex;align-items:center;gap:.4rem;font-weight:400;margin:.2rem 1.25rem .2rem 0;min-height:2.75rem}
label.choice input{width:1.2rem;height:1.2rem;margin:0}
button{font:inherit;font-weight:600;min-height:2.75rem;padding:.5rem 1rem;border-radius:8px;border:1px solid transparent;background:#2563eb;color:#fff;cursor:pointer}
button:hover{filter:brightness(.95)}
button:disabled{opacity:.55;cursor:not-allowed}
button.secondary{background:#fff;color:#1d2330;border-color:#b8c0cc}
button.danger{background:#b91c1c}
button.danger-outline{background:#fff;color:#b91c1c;border-color:#e5a4a4}
button.small{min-height:2.25rem;padding:.3rem .75rem;font-size:.9rem}
form .actions,.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:1rem;align-items:center}
.error{background:#fef2f2;color:#991b1b;border:1px solid #fecaca;border-radius:8px;padding:.5rem .75rem}
.ok{background:#f0fdf4;color:#166534;border:1px solid #bbf7d0;border-radius:8px;padding:.5rem .75rem}
.warn{color:#92400e}
.pairing{border:2px dashed #93c5fd;background:#eff6ff;border-radius:12px;padding:1rem;margin-bottom:1rem;text-align:center}
.pairing .code{font:700 64px/1.1 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;letter-spacing:.08em;margin:.5rem 0;color:#1e3a8a}
.pairing .instruction{font-size:1.15rem;font-weight:600;margin:0}
ul.list{list-style:none;margin:0;padding:0}
ul.list>li{border:1px solid #e2e6ec;border-radius:10px;padding:.75rem 1rem;margin-bottom:.75rem}
.t-main{display:flex;gap:.75rem;align-items:flex-start}
.dot{flex:none;width:.85rem;height:.85rem;border-radius:50%;background:#9ca3af;margin-top:.4rem}
.dot.online{background:#16a34a;box-shadow:0 0 0 3px #bbf7d0}
.t-name{font-weight:700}
.state{font-size:.85rem;color:#5a6475;margin-left:.35rem}
.state.online{color:#15803d;font-weight:600}
.switch{display:inline-flex;align-items:center;gap:.5rem;font-weight:600;margin:0;min-height:2.75rem;cursor:pointer}
.switch input{width:1.3rem;height:1.3rem;margin:0}
.confirm{background:#fff7ed;border:1px solid #fed7aa;border-radius:8px;padding:.5rem .75rem;margin-top:.75rem}
.confirm p{margin:0 0 .5rem;font-weight:600}
.table-wrap{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{text-align:left;padding:.5rem .6rem;border-bottom:1px solid #e2e6ec;vertical-align:middle}
th{font-size:.8rem;text-transform:uppercase;letter-spacing:.04em;color:#5a6475}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td.time{white-space:nowrap}
.status{display:inline-block;border-radius:6px;padding:.1rem .5rem;font-size:.8rem;font-weight:700;letter-spacing:.02em;background:#e2e8f0;color:#334155;white-space:nowrap}
.status.COMPLETED,.status.DELIVERED{background:#dcfce7;color:#166534}
.status.AUTHORIZED{background:#dbeafe;color:#1e40af}
.status.PENDING,.status.AWAITING_AUTHORIZATION{background:#fef3c7;color:#92400e}
.status.PAYMENT_NOT_INITIATED{background:#e0e7ff;color:#3730a3}
.status.FAILED{background:#fee2e2;color:#991b1b}
.status.CANCELLED,.status.EXPIRED{background:#f1f5f9;color:#475569}
.filter{display:flex;align-items:center;gap:.5rem}
.filter label{margin:0}
.filter select{width:auto}
.pager{display:flex;gap:.75rem;align-items:center;justify-content:flex-end;margin-top:.75rem}
.secret-once{background:#fffbeb;border:2px solid #f59e0b;border-radius:10px;padding:1rem;margin:1rem 0}
.secret-once code{display:block;font:600 1rem ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#fff;border:1px solid #e2e6ec;border-radius:6px;padding:.5rem .7rem;margin:.5rem 0;user-select:all}
.h-url{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-weight:600}
.deliveries{margin-top:.75rem}
@media (max-width:40rem){main{padding:.5rem}.card{padding:1rem}.pairing .code{font-size:48px}}
`;
