/** The style sheet of the pages: system fonts only, one column on phones (facets after the results), facets beside results from 760 pixels. */
export const PAGE_STYLE = `
:root{--ink:#1b1f24;--muted:#57606a;--line:#d0d7de;--bg:#f6f8fa;--card:#fff;--accent:#0b5cad;--mark:#fff2a8;--bad:#b3261e;--good:#1a7f37}
*{box-sizing:border-box}
html{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--ink);background:var(--bg)}
body{margin:0;min-height:100vh;display:flex;flex-direction:column}
a{color:var(--accent)}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,[role=option]:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem}
.skip:focus{left:.5rem;z-index:10}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.top{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem;padding:.5rem 1rem;background:#fff;border-bottom:1px solid var(--line)}
.brand{margin:0;font-weight:700;flex:1 1 auto}
.brand a{color:var(--ink);text-decoration:none}
.tabs{display:flex;gap:.25rem;list-style:none;margin:0;padding:0}
.tabs a{display:block;padding:.4rem .75rem;border-radius:6px;text-decoration:none}
.tabs a[aria-current=page]{background:var(--accent);color:#fff}
.account{display:flex;align-items:center;gap:.5rem;font-size:.875rem}
.who{color:var(--muted)}
main{flex:1;width:100%;max-width:1200px;margin:0 auto;padding:1rem}
main:focus{outline:none}
.foot{font-size:.8rem;color:var(--muted);text-align:center;padding:1rem}
h1{font-size:1.5rem;margin:.25rem 0 1rem}
h2{font-size:1.1rem;margin:.25rem 0}
.card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:1rem;margin:0 0 1rem}
.narrow{max-width:26rem;margin:2rem auto}
.stack{display:flex;flex-direction:column;gap:.35rem}
.stack button{margin-top:.75rem}
input,select,button{font:inherit}
input,select{padding:.45rem .6rem;border:1px solid #8c959f;border-radius:6px;background:#fff;min-width:0}
button{padding:.45rem .9rem;border:1px solid var(--accent);border-radius:6px;background:var(--accent);color:#fff;cursor:pointer}
.account button,.thumb button{background:#fff;color:var(--accent)}
.hint{color:var(--muted);font-size:.875rem}
.error{color:var(--bad);font-weight:600}
.search label{display:block;font-weight:600;margin-bottom:.25rem}
.search-row{display:flex;gap:.5rem}
.combo{position:relative;flex:1}
.combo input{width:100%}
[role=listbox]{position:absolute;left:0;right:0;top:100%;z-index:5;margin:2px 0 0;padding:0;list-style:none;background:#fff;border:1px solid var(--line);border-radius:6px;box-shadow:0 4px 12px rgba(0,0,0,.12)}
[role=option]{padding:.45rem .6rem;cursor:pointer}
[role=option][aria-selected=true],[role=option]:hover{background:#e7f0fb}
.layout{display:grid;grid-template-columns:minmax(0,1fr);gap:1rem}
.facets{order:2}
@media (min-width:760px){.layout{grid-template-columns:14rem minmax(0,1fr)}.facets{order:0}}
.facets h2{font-size:1rem}
.facet h3{font-size:.9rem;margin:.75rem 0 .25rem;color:var(--muted)}
.facet ul{list-style:none;margin:0;padding:0}
.facet a{display:block;padding:.15rem 0;text-decoration:none}
.facet a.chosen{font-weight:700}
.count{color:var(--muted)}
.results-head{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:.5rem}
.sort{display:flex;align-items:center;gap:.35rem;min-width:0;max-width:100%}
.sort select{min-width:0;max-width:12rem}
.spelling{font-size:1.05rem}
.kind{margin:0;font-size:.75rem;font-weight:700;text-transform:uppercase;color:var(--muted)}
.answer{border-left:4px solid var(--good)}
.faq{border-left:4px solid var(--accent)}
.featured{border-left:4px solid #8250df}
.result-title{font-size:1.05rem}
.uri{margin:0;color:var(--good);font-size:.8rem;overflow-wrap:anywhere}
.excerpt{margin:.35rem 0}
mark{background:var(--mark);padding:0 .1em}
mark.top{font-weight:700}
.meta{margin:.25rem 0;font-size:.8rem;color:var(--muted)}
.confidence{border:1px solid var(--line);border-radius:999px;padding:0 .5rem}
.thumbs{display:flex;align-items:center;gap:.35rem}
.thumb{margin:0}
.thumb button{padding:.15rem .5rem;border-color:var(--line)}
.thanks{font-size:.8rem;color:var(--good)}
.pages ul{display:flex;flex-wrap:wrap;gap:.25rem;list-style:none;padding:0}
.pages a{display:block;padding:.3rem .65rem;border:1px solid var(--line);border-radius:6px;text-decoration:none;background:#fff}
.pages a[aria-current=page]{background:var(--accent);color:#fff}
.tiles{display:grid;grid-template-columns:repeat(auto-fit,minmax(9rem,1fr));gap:.75rem;margin:0 0 1rem}
.tile{background:#fff;border:1px solid var(--line);border-radius:8px;padding:.75rem}
.tile dt{font-size:.8rem;color:var(--muted)}
.tile dd{margin:0;font-size:1.4rem;font-weight:700}
.interval,.inline{display:flex;flex-wrap:wrap;align-items:center;gap:.35rem;margin-bottom:.5rem}
.chart{width:100%;max-width:600px;height:auto;display:block;margin:.5rem 0}
.chart-bar{fill:var(--accent)}
.chart-label,.chart-value{font-size:13px;fill:var(--ink)}
.table-wrap{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.9rem}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid var(--line);vertical-align:top}
td.id{font-family:ui-monospace,monospace;font-size:.75rem;overflow-wrap:anywhere}
.badge{font-size:.7rem;background:#e7f0fb;border-radius:999px;padding:0 .4rem}
.failure{color:var(--bad);margin:.25rem 0}
.job-failed{color:var(--bad);font-weight:700}
.job-succeeded{color:var(--good);font-weight:700}
pre{background:var(--bg);padding:.5rem;overflow-x:auto}
.facts dt{font-weight:600}
.facts dd{margin:0 0 .5rem}
`;
