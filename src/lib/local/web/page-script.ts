/**
 * The script of the pages, vanilla and small: query suggestions under the searchbox as one types
 * (arrow keys, Enter, Escape), and feedback sent without leaving the page (a click on a result's
 * title; thumbs up and down, which also work as plain forms without script). Every POST carries
 * the CSRF token of the page's `<meta name="csrf-token">`.
 */
export const PAGE_SCRIPT = `(function () {
  'use strict';
  var meta = function (name) { var tag = document.querySelector('meta[name="' + name + '"]'); return tag ? tag.getAttribute('content') : null; };
  var csrf = meta('csrf-token');
  var base = meta('experience-path');
  if (!csrf || !base) return;

  function post(body) {
    return fetch(base + '/feedback', {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
      body: JSON.stringify(body)
    });
  }

  document.addEventListener('click', function (event) {
    var link = event.target instanceof Element ? event.target.closest('a.result-title[data-result-id]') : null;
    if (link) post({ queryId: link.getAttribute('data-query-id'), resultId: link.getAttribute('data-result-id') });
  });
  document.addEventListener('auxclick', function (event) {
    var link = event.target instanceof Element ? event.target.closest('a.result-title[data-result-id]') : null;
    if (link && event.button === 1) post({ queryId: link.getAttribute('data-query-id'), resultId: link.getAttribute('data-result-id') });
  });
  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.classList.contains('thumb')) return;
    event.preventDefault();
    var field = function (name) { return form.elements.namedItem(name).value; };
    var thanks = form.parentElement.querySelector('.thanks');
    post({ queryId: field('queryId'), resultId: field('resultId'), relevance: field('relevance') }).then(function (response) {
      return response.json().then(function (answer) {
        thanks.textContent = response.ok ? 'Thanks for the feedback' : (answer.message || 'The feedback was not recorded');
      });
    }, function () { thanks.textContent = 'The feedback was not recorded'; });
  });

  var box = document.getElementById('q');
  var list = document.getElementById('suggestions');
  if (!box || !list) return;
  var active = -1;
  var timer = 0;
  var asked = 0;
  function options() { return list.querySelectorAll('[role=option]'); }
  function close() { list.hidden = true; list.textContent = ''; active = -1; box.removeAttribute('aria-activedescendant'); }
  function highlight(at) {
    var all = options();
    if (all.length === 0) return;
    active = (at + all.length) % all.length;
    for (var i = 0; i < all.length; i++) all[i].setAttribute('aria-selected', i === active ? 'true' : 'false');
    box.setAttribute('aria-activedescendant', all[active].id);
  }
  function choose(text) { box.value = text; close(); box.form.submit(); }
  function show(texts) {
    list.textContent = '';
    texts.forEach(function (text, at) {
      var item = document.createElement('li');
      item.id = 'suggestion-' + at;
      item.setAttribute('role', 'option');
      item.setAttribute('aria-selected', 'false');
      item.textContent = text;
      item.addEventListener('mousedown', function (event) { event.preventDefault(); choose(text); });
      list.appendChild(item);
    });
    active = -1;
    list.hidden = texts.length === 0;
  }
  box.addEventListener('input', function () {
    clearTimeout(timer);
    var text = box.value.trim();
    if (text === '') { close(); return; }
    timer = setTimeout(function () {
      var mine = ++asked;
      fetch(base + '/suggest?q=' + encodeURIComponent(text), { credentials: 'same-origin' })
        .then(function (response) { return response.ok ? response.json() : { suggestions: [] }; })
        .then(function (answer) { if (mine === asked) show(answer.suggestions || []); }, function () { close(); });
    }, 120);
  });
  box.addEventListener('keydown', function (event) {
    if (list.hidden) return;
    if (event.key === 'ArrowDown') { event.preventDefault(); highlight(active + 1); }
    else if (event.key === 'ArrowUp') { event.preventDefault(); highlight(active - 1); }
    else if (event.key === 'Escape') { close(); }
    else if (event.key === 'Enter' && active >= 0) { event.preventDefault(); choose(options()[active].textContent); }
  });
  box.addEventListener('blur', function () { setTimeout(close, 150); });
})();
`;
