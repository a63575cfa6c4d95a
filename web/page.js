// satlab's web page: starts the app (satlab.js + satlab.wasm, built by tools/web.sh) on
// the canvas and does for it what only the page can: the file picker and drops, downloads,
// the shared link in the URL fragment, local storage, full screen, the clipboard, touch.
// The app calls window.satlabPage (web/web_page.cpp); tests and scripts call window.satlab.
//
// The page speaks the window's language. Its own text goes through tr() / trn() (below),
// which tools/update_po.sh extracts into the catalogs (po/*.po) with the app's messages; the
// build turns the catalogs' translations of these messages into page_text.js
// (web/page_text.py), loaded before this file, so that even the loading text is translated.
'use strict';

(function () {
  const canvas = document.getElementById('canvas');
  const status = document.getElementById('status');
  const fileInput = document.getElementById('file-input');

  // ---- The page's language ----

  // The language's code as i18n.cpp's languageFromCode reads it ("ru_RU", "zh-Hans-CN",
  // "en-GB"), or null for a language satlab does not speak.
  function languageFromCode(code) {
    const ll = String(code || '').split(/[_\-.@]/)[0].toLowerCase();
    if (ll === 'en' || ll === 'c' || ll === 'posix') return 'en';
    return ll === 'ru' || ll === 'zh' ? ll : null;
  }
  const isLanguageCode = (code) => code === 'en' || code === 'ru' || code === 'zh';
  function linkLanguage() {
    const code = new URLSearchParams(location.hash.replace(/^#/, '')).get('lang');
    return isLanguageCode(code) ? code : null;
  }
  // The language picked in View > Language: the settings the page keeps for the app in
  // local storage (web_page.cpp).
  function pickedLanguage() {
    try {
      for (let i = 0; i < localStorage.length; ++i) {
        const key = localStorage.key(i);
        if (!key.startsWith('satlab:file:') || !key.endsWith('/settings.json')) continue;
        const code = JSON.parse(localStorage.getItem(key)).language;
        if (isLanguageCode(code)) return code;
      }
    } catch (err) { /* no storage, or settings that are not JSON: none picked */ }
    return null;
  }
  function browserLanguage() {
    for (const code of navigator.languages || [navigator.language]) {
      const lang = languageFromCode(code);
      if (lang) return lang;
    }
    return 'en';
  }
  // Until the app has started, the page decides as the app will (webStartLanguage): the
  // link's #lang=, else View > Language's, else the browser's. From then on the app tells
  // (satlabPage.languageChanged).
  let lang = linkLanguage() || pickedLanguage() || browserLanguage();

  const pageText = window.satlabPageText || {};
  // gettext's plural rule of the language (i18n.cpp's pluralIndex).
  function pluralIndex(n) {
    n = Math.abs(n);
    if (lang === 'zh') return 0;
    if (lang === 'ru') {
      if (n % 10 === 1 && n % 100 !== 11) return 0;
      return n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2;
    }
    return n === 1 ? 0 : 1;
  }
  // printf's %s and %d (and %%), in order.
  function format(text, args) {
    let i = 0;
    return args.length ? text.replace(/%([sd%])/g, (m, c) => (c === '%' ? '%' : String(args[i++]))) : text;
  }
  // A message of the page in the window's language (English when the catalog has none).
  function tr(msgid, ...args) {
    const t = (pageText[lang] || {})[msgid];
    return format(typeof t === 'string' && t !== '' ? t : msgid, args);
  }
  // A message with a number: the language's plural form for n.
  function trn(singular, plural, n, ...args) {
    const forms = (pageText[lang] || {})[singular];
    const t = Array.isArray(forms) ? forms[pluralIndex(n)] : null;
    return format(t || (n === 1 ? singular : plural), args);
  }
  // Marks a message for the catalog without translating it here.
  const N_ = (msgid) => msgid;
  // index.html's <noscript> text (what a browser without JavaScript shows): page_text.py
  // writes its translations beside it from the catalogs.
  N_('satlab needs JavaScript: turn it on for this page.');

  // The text index.html holds, in the page's language.
  function showPageText() {
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : lang;
    if (status.isConnected && !status.classList.contains('error')) status.textContent = tr('Loading satlab…');
    document.getElementById('link-text').textContent =
      tr('The browser did not allow copying to the clipboard. Copy the link from here:');
    document.getElementById('link-close').textContent = tr('Close');
  }
  showPageText();
  let app = null;          // the emscripten module once it runs
  let frames = 0;          // frames drawn
  let firstFrameMs = null; // time from the page's start to the first frame
  let lastLink = null;     // the last link "Copy link" made
  let frameStartedAt = 0;  // when the app's current frame began (performance.now)
  const frameMs = [];      // the app's time in each of the last frames, ms
  let storageFull = false; // the last write to local storage failed
  let readyResolve;
  const ready = new Promise((resolve) => { readyResolve = resolve; });

  // A link holds at most this many characters: longer ones are cut by mail and chat
  // programs and refused by some servers. A scene that does not fit is saved instead.
  const kMaxLinkChars = 65536;
  // What a shared link may unpack to: the page's limit for a scene file
  // (satlab_max_file_bytes in web_page.cpp).
  const kMaxSceneBytes = 16 * 1024 * 1024;

  function call(name, types, args) {
    if (!app) return undefined;
    return app.ccall(name, types[0], types.slice(1), args);
  }
  function message(text) { call('satlab_show_message', [null, 'string'], [text]); }
  function toast(text) { call('satlab_show_toast', [null, 'string'], [text]); }
  function sizeText(bytes) {
    if (bytes < 1024) return trn('%d byte', '%d bytes', bytes, bytes);
    if (bytes < 1024 * 1024) return (bytes / 1024).toFixed(1) + ' KB';
    return (bytes / (1024 * 1024)).toFixed(1) + ' MB';
  }

  // ---- Files: the picker and drops write into the app's memory file system ----

  let uploadCount = 0;
  function openFiles(files) {
    for (const file of files) {
      const limit = call('satlab_max_file_bytes', ['number', 'string'], [file.name]);
      if (file.size > limit) {
        message(tr('Could not open %s: the file is %s; satlab reads files of this kind up to %s.',
                   file.name, sizeText(file.size), sizeText(limit)));
        continue;
      }
      const reader = new FileReader();
      reader.onload = () => {
        // A folder of its own per file: two files of the same name stay two files.
        const dir = '/uploads/' + (++uploadCount);
        app.FS.mkdirTree(dir);
        const path = dir + '/' + file.name.replace(/[\/\\\u0000]/g, '_');
        app.FS.writeFile(path, new Uint8Array(reader.result));
        call('satlab_open_file', [null, 'string'], [path]);
      };
      reader.onerror = () => message(tr('Could not read %s: %s', file.name, String(reader.error)));
      reader.readAsArrayBuffer(file);
    }
  }
  fileInput.addEventListener('change', () => {
    openFiles(Array.from(fileInput.files));
    fileInput.value = '';
  });
  window.addEventListener('dragover', (e) => { e.preventDefault(); e.stopPropagation(); }, true);
  window.addEventListener('drop', (e) => {
    e.preventDefault();
    e.stopPropagation();  // emscripten's GLFW would read every dropped file whole, unchecked
    if (app && e.dataTransfer && e.dataTransfer.files) openFiles(Array.from(e.dataTransfer.files));
  }, true);

  function download(path, name) {
    let bytes;
    try {
      bytes = app.FS.readFile(path);
    } catch (err) {
      message(tr('Could not download %s: %s', path, String(err)));
      return;
    }
    const type = path.endsWith('.png') ? 'image/png' : path.endsWith('.svg') ? 'image/svg+xml' : 'application/octet-stream';
    const blob = new Blob([bytes], { type });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = name || path.split('/').pop();
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  }

  // ---- Links: the scene, compressed, in the URL fragment ----

  function toBase64Url(bytes) {
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    }
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }
  function fromBase64Url(text) {
    const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; ++i) bytes[i] = binary.charCodeAt(i);
    return bytes;
  }
  async function deflate(text) {
    const stream = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream('deflate-raw'));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }
  // Unpacks at most `limit` bytes: a link that unpacks to more is refused, not unpacked.
  async function inflate(bytes, limit) {
    const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
    const parts = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > limit) {
        reader.cancel();
        throw new Error(tr('the scene in the link unpacks to more than %s, the largest scene satlab reads',
                           sizeText(limit)));
      }
      parts.push(value);
    }
    const out = new Uint8Array(total);
    let at = 0;
    for (const p of parts) { out.set(p, at); at += p.length; }
    return new TextDecoder('utf-8', { fatal: true }).decode(out);
  }
  function linkBase() { return location.href.split('#')[0]; }

  // The link names the window's language when it is not English (#lang=ru&scene=...): a
  // teacher's Russian or Chinese lesson opens in the language it was prepared in, whatever
  // the reader's browser says, while a link made in English (the source language, and what
  // a browser that speaks neither gets anyway) leaves the language to the reader.
  async function share(sceneText) {
    let link;
    try {
      link = linkBase() + '#' + (lang !== 'en' ? 'lang=' + lang + '&' : '') + 'scene=' +
             toBase64Url(await deflate(sceneText));
    } catch (err) {
      message(tr('Could not make a link: %s', err.message));
      return;
    }
    if (link.length > kMaxLinkChars) {
      message(tr('This scene is too large for a link: it takes %s characters compressed, and a link holds at most %s. Save it (File > Save) and send the file instead.',
                 link.length.toLocaleString(lang), kMaxLinkChars.toLocaleString(lang)));
      return;
    }
    lastLink = link;
    const done = tr('Link copied: it opens this scene at this step (%s)', sizeText(link.length));
    try {
      await navigator.clipboard.writeText(link);
      toast(done);
    } catch (err) {
      showLinkDialog(link);
    }
  }
  function showLinkDialog(link) {
    const dialog = document.getElementById('link-dialog');
    const field = document.getElementById('link-field');
    field.value = link;
    if (!dialog.open) dialog.showModal();
    field.select();
  }
  document.getElementById('link-close').addEventListener('click', () => {
    document.getElementById('link-dialog').close();
    canvas.focus();
  });

  // What the fragment names: #lesson=N, #scene=DATA, or nothing; with "&student" (or
  // #student alone: the first lesson), the student view; with "lang=ru" (or zh, en), the
  // window's language for this visit (the app reads it itself at the start). At the start,
  // with lost work to offer back, first the recovery question (the app's dialog) is
  // answered; the student view asks a student nothing (the work stays for the next visit).
  async function openFragment(hasRecovery, atStart) {
    if (atStart) await ready;  // the first frame has opened the app's dialogs
    const hash = location.hash.replace(/^#/, '');
    const params = new URLSearchParams(hash);
    const linked = linkLanguage();
    if (!atStart && linked && linked !== lang) call('satlab_set_language', [null, 'string'], [linked]);
    const student = params.has('student');
    if (student) call('satlab_set_student', [null, 'number'], [1]);
    if (atStart && hasRecovery && (params.has('lesson') || params.has('scene')) && !student) {
      while (JSON.parse(state0()).dialog) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (student && !params.has('lesson') && !params.has('scene')) params.set('lesson', '1');
    if (params.has('lesson')) {
      const n = Number(params.get('lesson'));
      const count = JSON.parse(state0()).lessons || 0;
      if (Number.isInteger(n) && n >= 1 && n <= count) {
        call('satlab_open_lesson', [null, 'number'], [n]);
      } else {
        message(tr('The link names lesson "%s"; the lessons are numbered 1 to %d.', params.get('lesson'), count));
      }
      return;
    }
    if (params.has('scene')) {
      let text;
      try {
        text = await inflate(fromBase64Url(params.get('scene')), kMaxSceneBytes);
      } catch (err) {
        message(tr('Could not open the scene in the link: %s.',
                   err instanceof DOMException || err.name === 'InvalidCharacterError' || err.name === 'TypeError'
                     ? tr('the link is damaged (cut short or changed)') : err.message));
        return;
      }
      // Named for what it is in the title bar and the toast; saving downloads it by that name.
      const file = '/link/scene from a link.json';
      app.FS.mkdirTree('/link');
      app.FS.writeFile(file, text);
      call('satlab_open_file', [null, 'string'], [file]);
      return;
    }
    if (atStart && !hasRecovery) call('satlab_show_start_screen', [null, 'number'], [1]);
  }
  function state0() { return app ? app.UTF8ToString(app._satlab_state()) : '{}'; }
  window.addEventListener('hashchange', () => { if (app) openFragment(false, false); });

  // ---- Keys the browser would take for itself ----

  // A key pressed and released between two frames would never be seen down: Dear ImGui
  // 1.86 reads key states once a frame (a quick tap, a tablet's on-screen keyboard, a
  // test). So a release that comes before the app has drawn a frame since the last key
  // went down (Ctrl's too, or Ctrl+Z would arrive as a plain Z) reaches the app a frame
  // late, in the order the releases came.
  let lastKeyDownAt = -1;  // frames drawn when a key last went down
  const lateKeyUps = [];   // releases held back, oldest first
  function sendLateKeyUps() {
    if (frames <= lastKeyDownAt) {
      requestAnimationFrame(sendLateKeyUps);
      return;
    }
    while (lateKeyUps.length) {
      const late = new KeyboardEvent('keyup', lateKeyUps.shift());
      late.satlabLate = true;
      window.dispatchEvent(late);
    }
  }
  window.addEventListener('keyup', (e) => {
    if (e.satlabLate) return;
    if (frames > lastKeyDownAt && lateKeyUps.length === 0) return;
    e.stopImmediatePropagation();  // emscripten's GLFW listens on window after this
    lateKeyUps.push({ key: e.key, code: e.code, keyCode: e.keyCode, which: e.which, location: e.location,
                      ctrlKey: e.ctrlKey, shiftKey: e.shiftKey, altKey: e.altKey, metaKey: e.metaKey,
                      bubbles: true, cancelable: true });
    if (lateKeyUps.length === 1) requestAnimationFrame(sendLateKeyUps);
  }, true);
  window.addEventListener('keydown', (e) => {
    if (!e.repeat) lastKeyDownAt = frames;
    const k = e.key;
    const ctrl = e.ctrlKey || e.metaKey;
    // F5 (presentation mode) would reload, F1 open help, Ctrl+S save the page, Ctrl+O open
    // a file, Ctrl+E search, Page Up/Down and Home scroll: the app's keys here (Ctrl+N, a new
    // window, is the browser's in Chromium whatever the page does; File > New is the menu's).
    // F10 (leaves the student view) would focus the browser's menu.
    if (k === 'F5' || k === 'F1' || k === 'F10' || k === 'F12' || k === 'PageUp' || k === 'PageDown' || k === 'Home' ||
        (ctrl && ['s', 'S', 'o', 'O', 'e', 'E', 'z', 'Z', 'y', 'Y', 'n', 'N'].includes(k))) {
      e.preventDefault();
    }
  }, true);
  // The system clipboard reaches the app through paste events (before the keys do).
  document.addEventListener('paste', (e) => {
    const text = e.clipboardData ? e.clipboardData.getData('text/plain') : '';
    call('satlab_set_clipboard', [null, 'string'], [text]);
  }, true);

  // ---- The wheel, and touch as mouse ----

  canvas.addEventListener('wheel', (e) => {
    e.preventDefault();
    // emscripten's GLFW listens on the canvas too (after this listener: it is added when
    // the app opens its window) and would pass the raw pixels, upside down.
    e.stopImmediatePropagation();
    const unit = e.deltaMode === 1 ? 3 : e.deltaMode === 2 ? 0.0125 : 100;  // pixels, lines, pages per step
    call('satlab_scroll', [null, 'number', 'number'], [-e.deltaX / unit, -e.deltaY / unit]);
  }, { capture: true, passive: false });

  // One finger is the left mouse button (tap selects or presses, drag orbits or moves a
  // shape); two fingers pan (the right button) and pinch to zoom (the wheel). A pinch's
  // fingers land one after the other: the first one's press waits until it moves, is held
  // or lifts, so that a second finger on the way makes it a pinch, not a click.
  let touchMode = null;  // null, 'pending' (one finger, not pressed yet), 'one', 'two'
  let pending = null;    // the first finger: { x, y, timer }
  let pinchDistance = 0;
  const kTouchSlopPx = 8, kHoldMs = 150;
  function mouse(type, x, y, button) {
    canvas.dispatchEvent(new MouseEvent(type, { clientX: x, clientY: y, button: button, buttons: 0,
                                                bubbles: true, cancelable: true, view: window }));
  }
  function middle(t) {
    return { x: (t[0].clientX + t[1].clientX) / 2, y: (t[0].clientY + t[1].clientY) / 2,
             d: Math.hypot(t[0].clientX - t[1].clientX, t[0].clientY - t[1].clientY) };
  }
  // Runs fn once the app has drawn a frame after frame number `at` (frames counts them).
  function afterFrame(at, fn) {
    const poll = () => (frames > at ? fn() : requestAnimationFrame(poll));
    poll();
  }
  function pressPending() {
    if (touchMode !== 'pending') return;
    clearTimeout(pending.timer);
    mouse('mousedown', pending.x, pending.y, 0);
    touchMode = 'one';
  }
  function endTouch(x, y) {
    if (touchMode === 'pending') {
      // A tap: the pointer has been at the finger since it landed; the press comes once
      // the app has drawn a frame with it there, the release a frame later (the app reads
      // its input once a frame).
      clearTimeout(pending.timer);
      const p = pending;
      afterFrame(p.frame, () => {
        mouse('mousedown', p.x, p.y, 0);
        const pressed = frames;
        afterFrame(pressed, () => mouse('mouseup', p.x, p.y, 0));
      });
    } else if (touchMode === 'one') {
      mouse('mouseup', x, y, 0);
    } else if (touchMode === 'two') {
      mouse('mouseup', x, y, 2);
    }
    touchMode = null;
  }
  // emscripten's GLFW also takes each touch for a press of the left button where the mouse
  // last was: these listeners, added before its own, keep touches from it.
  canvas.addEventListener('touchstart', (e) => {
    e.preventDefault();
    e.stopImmediatePropagation();
    const t = e.touches;
    if (t.length === 1 && touchMode === null) {
      // The pointer goes to the finger at once (what is under it lights up); the press waits.
      mouse('mousemove', t[0].clientX, t[0].clientY, 0);
      pending = { x: t[0].clientX, y: t[0].clientY, frame: frames, timer: setTimeout(pressPending, kHoldMs) };
      touchMode = 'pending';
    } else if (t.length >= 2 && touchMode !== 'two') {
      const m = middle(t);
      if (touchMode === 'pending') {
        clearTimeout(pending.timer);  // never pressed: a pinch from the start
      } else if (touchMode === 'one') {
        mouse('mouseup', m.x, m.y, 0);
      }
      mouse('mousemove', m.x, m.y, 0);
      mouse('mousedown', m.x, m.y, 2);
      touchMode = 'two';
      pinchDistance = m.d;
    }
  }, { capture: true, passive: false });
  canvas.addEventListener('touchmove', (e) => {
    e.preventDefault();
    e.stopImmediatePropagation();
    const t = e.touches;
    if (touchMode === 'pending' && t.length === 1 &&
        Math.hypot(t[0].clientX - pending.x, t[0].clientY - pending.y) > kTouchSlopPx) {
      pressPending();
    }
    if (touchMode === 'one' && t.length === 1) {
      mouse('mousemove', t[0].clientX, t[0].clientY, 0);
    } else if (touchMode === 'two' && t.length >= 2) {
      const m = middle(t);
      mouse('mousemove', m.x, m.y, 0);
      if (pinchDistance > 0 && m.d > 0) {
        // Spreading the fingers by a quarter zooms in one wheel step.
        const steps = Math.log(m.d / pinchDistance) / Math.log(1.25);
        if (Math.abs(steps) >= 0.05) {
          call('satlab_scroll', [null, 'number', 'number'], [0, steps]);
          pinchDistance = m.d;
        }
      }
    }
  }, { capture: true, passive: false });
  const touchEnd = (e) => {
    e.preventDefault();
    e.stopImmediatePropagation();
    if (e.touches.length === 0) {
      const c = e.changedTouches[0];
      endTouch(c ? c.clientX : 0, c ? c.clientY : 0);
    }
  };
  canvas.addEventListener('touchend', touchEnd, { capture: true, passive: false });
  canvas.addEventListener('touchcancel', touchEnd, { capture: true, passive: false });

  // ---- What the app calls (web_page.cpp) ----

  window.satlabPage = {
    pickFile(what) {
      fileInput.accept = what === 1 ? '.obj,.stl,.ply' : '.json,.jsonl,.obj,.stl,.ply';
      fileInput.click();
    },
    download,
    share(text) { share(text); },
    setFullscreen(on) {
      try {
        if (on && !document.fullscreenElement) document.documentElement.requestFullscreen().catch(() => {});
        if (!on && document.fullscreenElement) document.exitFullscreen().catch(() => {});
      } catch (err) { /* the browser refused: presentation mode stays, in the window */ }
    },
    writeClipboard(text) {
      if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => {});
    },
    storageGet(key) {
      try { return localStorage.getItem(key); } catch (err) { return null; }
    },
    storageSet(key, value) {
      try {
        localStorage.setItem(key, value);
        storageFull = false;
      } catch (err) {
        // Full (a few MB per site) or switched off: said once, until a write works again.
        console.warn('satlab: the browser did not keep ' + key + ' (' + err.name + ')');
        if (!storageFull) {
          toast(tr('The browser\'s storage did not take the autosave (%s): save the scene (File > Save) to keep it',
                   sizeText(value.length)));
        }
        storageFull = true;
      }
    },
    storageRemove(key) {
      try { localStorage.removeItem(key); } catch (err) { /* nothing kept */ }
    },
    appStarted(module, hasRecovery) {
      app = module;
      status.remove();
      document.getElementById('loadbar')?.remove();
      canvas.focus();
      setTimeout(() => openFragment(hasRecovery, true), 0);
    },
    // The window's language, at the first frame and whenever it changes (View > Language,
    // a link's #lang=): the page's own text follows, and a #lang= in the address bar too
    // (what a reload would open).
    languageChanged(code) {
      lang = code;
      showPageText();
      const params = new URLSearchParams(location.hash.replace(/^#/, ''));
      if (isLanguageCode(params.get('lang')) && params.get('lang') !== code) {
        params.set('lang', code);
        history.replaceState(history.state, '', '#' + params.toString().replace(/=(?=&|$)/g, ''));
      }
    },
    frameStart() { frameStartedAt = performance.now(); },
    frameDone() {
      frameMs.push(performance.now() - frameStartedAt);
      if (frameMs.length > 240) frameMs.shift();
      ++frames;
      if (frames === 1) {
        firstFrameMs = performance.now();
        readyResolve();
      }
    },
  };

  // ---- For tests and scripts ----

  window.satlab = {
    ready,                                   // resolves at the first frame
    state() { return JSON.parse(state0()); }, // the scene, the lesson, the focused pair
    frames() { return frames; },
    firstFrameMs() { return firstFrameMs; }, // ms from navigation start to the first frame
    lastLink() { return lastLink; },
    // The mean time the app spent in its last frames (its own work and GL calls, without
    // what the browser does after them), ms.
    appFrameMs() { return frameMs.length ? frameMs.reduce((a, b) => a + b, 0) / frameMs.length : 0; },
    openLesson(n) { call('satlab_open_lesson', [null, 'number'], [n]); },
    language() { return lang; },             // the page's language: "en", "ru" or "zh"
  };

  // ---- Start ----

  function failed(text) {
    status.textContent = text;
    status.className = 'error';
    document.getElementById('loadbar')?.remove();
  }
  // The program (satlab.wasm, most of what the page downloads), fetched here so that the
  // loading line says how much of it has arrived; measured from the bytes received, with a
  // bar. Where the server gives no length, or a compressed one, the count alone.
  const loadbar = document.getElementById('loadbar');
  async function fetchProgram() {
    const response = await fetch('satlab.wasm');
    if (!response.ok) throw new Error('satlab.wasm: ' + response.status + ' ' + response.statusText);
    const total = Number(response.headers.get('Content-Length')) || 0;
    if (!response.body) return new Uint8Array(await response.arrayBuffer());
    const reader = response.body.getReader();
    const parts = [];
    let received = 0;
    const mb = (n) => (n / 1e6).toFixed(1);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      received += value.length;
      if (!status.isConnected || status.classList.contains('error')) continue;
      if (total > 0 && received <= total) {
        status.textContent = tr('Loading satlab… %s of %s MB', mb(received), mb(total));
        loadbar.hidden = false;
        loadbar.firstElementChild.style.width = (100 * received / total).toFixed(1) + '%';
      } else {
        status.textContent = tr('Loading satlab… %s MB', mb(received));
      }
    }
    const bytes = new Uint8Array(received);
    let at = 0;
    for (const p of parts) {
      bytes.set(p, at);
      at += p.length;
    }
    return bytes;
  }

  // satlab.js loads after this file, so that the loading text is already in the page's
  // language while it downloads.
  const program = document.createElement('script');
  program.src = 'satlab.js';
  program.onload = () => {
    fetchProgram().then((wasmBinary) => createSatlab({
      canvas,
      wasmBinary,
      print: (text) => console.log(text),
      printErr: (text) => console.warn(text),
    })).then((module) => {
      app = module;
    }).catch((err) => {
      failed(tr('satlab could not start: %s', String(err)));
      console.error('satlab could not start:', err);
    });
  };
  program.onerror = () => {
    failed(tr('satlab could not start: its program (satlab.js) did not load.'));
    console.error('satlab could not start: satlab.js did not load');
  };
  document.body.appendChild(program);
})();
