import { SESSION_KEY } from './constants.js';

/**
 * The one inline script of the web app's HTML, first in <head>. The server allows exactly this script by
 * its hash in the Content-Security-Policy, so both sides take it from here.
 *
 * 1. Screens rendered at build time exist for a visitor or for a signed-in user
 *    (apps/web/src/app/prerender.tsx). The session lives in the browser's storage, which the server cannot
 *    see, so this marks `<html data-session>` before anything paints, and the page's style hides a screen
 *    made for the other kind of visitor until the app renders the right one. It reads the session as
 *    `getSession` in the web app does.
 * 2. A page with such a screen names the app's entry in `<meta name="app-entry">` instead of loading it
 *    (apps/web/build/prerender.ts): the entry is requested once the screen has painted, so on a slow
 *    network the styles have the link to themselves and the screen shows before the JavaScript arrives.
 *    A hidden screen (the other kind of visitor) or a tab in the background loads it at once.
 */
export const BOOT_SCRIPT =
  `(function(){var d=document,s="out";try{var k=${JSON.stringify(SESSION_KEY)},v=localStorage.getItem(k);` +
  `if(v===null)v=sessionStorage.getItem(k);var p=v?JSON.parse(v):null;` +
  `if(p&&typeof p==="object"&&typeof p.token==="string")s="in"}catch(e){}` +
  `d.documentElement.setAttribute("data-session",s);` +
  `function load(){var m=d.querySelector('meta[name="app-entry"]');if(!m)return;` +
  `var e=d.createElement("script");e.type="module";e.src=m.content;d.head.appendChild(e)}` +
  `d.addEventListener("DOMContentLoaded",function(){var r=d.getElementById("root");` +
  `if(r&&r.getAttribute("data-session")===s&&d.visibilityState==="visible")` +
  `requestAnimationFrame(function(){setTimeout(load,0)});else load()})})()`;
