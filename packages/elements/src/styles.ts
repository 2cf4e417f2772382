/** The booker's style: every colour, size and font is a custom property a page can set (docs/elements.md#theming). */
export const STYLES = `
:host{display:block;font-family:var(--sb-font,system-ui,sans-serif);color:var(--sb-text,#1a1a1a);
--_accent:var(--sb-accent,#2563eb);--_accent-text:var(--sb-accent-text,#fff);--_bg:var(--sb-background,#fff);
--_muted:var(--sb-muted,#555);--_border:var(--sb-border,#d0d4da);--_radius:var(--sb-radius,8px)}
[hidden]{display:none!important}
.box{background:var(--_bg);border:1px solid var(--_border);border-radius:var(--_radius);padding:var(--sb-padding,1rem)}
header{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;justify-content:space-between;margin-bottom:.75rem}
h2{font-size:1.15rem;margin:0}
label{display:flex;flex-direction:column;gap:.25rem;font-size:.9rem;color:var(--_muted)}
header label{flex-direction:row;align-items:center;gap:.5rem}
select,input{font:inherit;color:var(--sb-text,#1a1a1a);background:var(--_bg);border:1px solid var(--_border);border-radius:calc(var(--_radius)/2);padding:.4rem .5rem}
.status{min-height:1.5rem;margin:.25rem 0 .75rem;color:var(--_muted)}
.status.alert{color:var(--sb-danger,#b42318);font-weight:600}
.grid{display:flex;flex-wrap:wrap;gap:.5rem;margin:0 0 .75rem;padding:0;list-style:none}
button{font:inherit;cursor:pointer;border-radius:calc(var(--_radius)/2);border:1px solid var(--_border);background:var(--_bg);color:var(--sb-text,#1a1a1a);padding:.45rem .75rem}
button[aria-pressed=true],button.primary{background:var(--_accent);border-color:var(--_accent);color:var(--_accent-text)}
button:focus-visible,select:focus-visible,input:focus-visible{outline:3px solid var(--sb-focus,#93c5fd);outline-offset:2px}
button:disabled{opacity:.6;cursor:progress}
h3{font-size:1rem;margin:.5rem 0}
form{display:grid;gap:.75rem;max-width:24rem}
.actions{display:flex;gap:.5rem;flex-wrap:wrap}
`;
