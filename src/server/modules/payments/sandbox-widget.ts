/**
 * The sandbox provider's inline script, served at /payments/sandbox/inline.js. It defines the same
 * contract as Paystack's v1 inline script (`PaystackPop.setup({...}).openIframe()`, `callback`
 * with the reference, `onClose`), and its widget is a small accessible dialog that charges through
 * POST /api/payments/sandbox/charge. No inline script and no eval: it satisfies the CSP.
 */
export const SANDBOX_WIDGET_JS = String.raw`(function () {
  'use strict';
  if (window.PaystackPop && window.PaystackPop.__quickbuySandbox) return;
  var uid = 0;

  function el(tag, attrs, style) {
    var node = document.createElement(tag);
    for (var key in attrs || {}) {
      if (key === 'text') node.textContent = attrs[key];
      else node.setAttribute(key, attrs[key]);
    }
    for (var prop in style || {}) node.style[prop] = style[prop];
    return node;
  }

  function formatAmount(minor, currency) {
    var major = minor / 100;
    var symbol = currency === 'ZAR' ? 'R' : currency === 'NGN' ? '\u20A6' : currency + ' ';
    return symbol + major.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }

  function field(id, label, attrs) {
    var wrap = el('div', {}, { marginBottom: '12px' });
    var lab = el('label', { for: id, text: label }, { display: 'block', fontSize: '14px', fontWeight: '600', marginBottom: '4px' });
    var input = el('input', Object.assign({ id: id, name: id, type: 'text', autocomplete: 'off' }, attrs), {
      display: 'block', width: '100%', boxSizing: 'border-box', padding: '10px 12px', fontSize: '15px',
      border: '1px solid #cbd5e1', borderRadius: '8px'
    });
    // A refusal of this field (the server's 400 names it) shows under it and is read with it.
    var error = el('p', { id: id + '-error' }, { margin: '4px 0 0', color: '#b91c1c', fontSize: '13px' });
    wrap.appendChild(lab);
    wrap.appendChild(input);
    wrap.appendChild(error);
    function show(text) {
      error.textContent = text || '';
      if (text) {
        input.setAttribute('aria-invalid', 'true');
        input.setAttribute('aria-describedby', id + '-error');
      } else {
        input.removeAttribute('aria-invalid');
        input.removeAttribute('aria-describedby');
      }
    }
    return { wrap: wrap, input: input, show: show };
  }

  function open(options) {
    var id = 'qb-sandbox-' + (++uid);
    var previous = document.activeElement;
    var closed = false;
    var busy = false;

    var overlay = el('div', { 'data-quickbuy-sandbox': '' }, {
      position: 'fixed', inset: '0', background: 'rgba(15,23,42,0.6)', zIndex: '2147483000',
      display: 'flex', alignItems: 'center', justifyContent: 'center', padding: '16px'
    });
    var dialog = el('div', { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': id + '-title', 'aria-describedby': id + '-desc' }, {
      background: '#fff', color: '#0f172a', borderRadius: '12px', width: '100%', maxWidth: '400px',
      padding: '24px', boxShadow: '0 20px 50px rgba(0,0,0,0.3)', fontFamily: 'system-ui, sans-serif'
    });
    var title = el('h2', { id: id + '-title', text: 'Sandbox payment' }, { margin: '0 0 4px', fontSize: '20px' });
    var desc = el('p', { id: id + '-desc', text: 'Pay ' + formatAmount(Number(options.amount) || 0, options.currency || 'NGN') + (options.email ? ' as ' + options.email : '') + '. Test card: 4084 0840 8408 4081.' }, { margin: '0 0 16px', fontSize: '14px', color: '#475569' });
    var testMode = el('p', { text: 'Test mode: no real money moves' }, { margin: '0 0 12px', padding: '6px 10px', borderRadius: '6px', background: '#fef3c7', color: '#92400e', fontSize: '13px', fontWeight: '600' });
    var timer = el('p', { 'aria-live': 'off' }, { margin: '0 0 16px', fontSize: '14px', color: '#0f172a' });
    // The page gives the hold's countdown in words (one formatter for the page and this widget).
    var counting = typeof options.holdCountdown === 'function';
    function tick() {
      if (counting) timer.textContent = String(options.holdCountdown());
    }
    tick();
    var ticking = setInterval(tick, 1000);
    var form = el('form', { novalidate: '' });
    var card = field(id + '-card', 'Card number', { inputmode: 'numeric', maxlength: '23', placeholder: '4084 0840 8408 4081', autocomplete: 'cc-number' });
    var row = el('div', {}, { display: 'flex', gap: '12px' });
    var expiry = field(id + '-expiry', 'Expiry (MM/YY)', { inputmode: 'numeric', maxlength: '5', placeholder: 'MM/YY', autocomplete: 'cc-exp' });
    var cvv = field(id + '-cvv', 'CVV', { inputmode: 'numeric', maxlength: '4', placeholder: '123', autocomplete: 'cc-csc' });
    expiry.wrap.style.flex = '1';
    cvv.wrap.style.flex = '1';
    row.appendChild(expiry.wrap);
    row.appendChild(cvv.wrap);
    var message = el('p', { role: 'alert', 'aria-live': 'assertive' }, { minHeight: '20px', margin: '0 0 12px', color: '#b91c1c', fontSize: '14px' });
    var buttons = el('div', {}, { display: 'flex', gap: '12px', justifyContent: 'flex-end' });
    var cancel = el('button', { type: 'button', text: 'Cancel' }, { padding: '10px 16px', borderRadius: '8px', border: '1px solid #cbd5e1', background: '#fff', cursor: 'pointer', fontSize: '15px' });
    var pay = el('button', { type: 'submit', text: 'Pay' }, { padding: '10px 16px', borderRadius: '8px', border: '0', background: '#2563eb', color: '#fff', cursor: 'pointer', fontSize: '15px', fontWeight: '600' });
    buttons.appendChild(cancel);
    buttons.appendChild(pay);
    form.appendChild(card.wrap);
    form.appendChild(row);
    form.appendChild(message);
    form.appendChild(buttons);
    dialog.appendChild(title);
    dialog.appendChild(testMode);
    dialog.appendChild(desc);
    if (counting) dialog.appendChild(timer);
    dialog.appendChild(form);
    overlay.appendChild(dialog);
    document.body.appendChild(overlay);
    card.input.focus();

    function focusables() {
      return Array.prototype.slice.call(dialog.querySelectorAll('input, button')).filter(function (n) { return !n.disabled; });
    }

    function close() {
      if (closed) return;
      closed = true;
      clearInterval(ticking);
      document.removeEventListener('keydown', onKey, true);
      overlay.remove();
      if (previous && typeof previous.focus === 'function') previous.focus();
    }

    function onKey(event) {
      if (event.key === 'Escape') {
        event.preventDefault();
        if (!busy) doCancel();
      } else if (event.key === 'Tab') {
        var list = focusables();
        if (!list.length) return;
        var first = list[0];
        var last = list[list.length - 1];
        if (event.shiftKey && (document.activeElement === first || !dialog.contains(document.activeElement))) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (document.activeElement === last || !dialog.contains(document.activeElement))) {
          event.preventDefault();
          first.focus();
        }
      }
    }
    document.addEventListener('keydown', onKey, true);

    function doCancel() {
      close();
      if (typeof options.onClose === 'function') options.onClose();
    }
    cancel.addEventListener('click', doCancel);

    function setBusy(value) {
      busy = value;
      pay.disabled = value;
      cancel.disabled = value;
      pay.textContent = value ? 'Processing...' : 'Pay';
    }

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      if (busy) return;
      message.textContent = '';
      var inputs = { cardNumber: card, expiry: expiry, cvv: cvv };
      for (var name in inputs) inputs[name].show('');
      setBusy(true);
      fetch('/api/payments/sandbox/charge', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-quickbuy-request': '1' },
        body: JSON.stringify({ reference: options.ref, cardNumber: card.input.value, cvv: cvv.input.value, expiry: expiry.input.value })
      })
        .then(function (response) {
          return response.json().catch(function () { return {}; }).then(function (body) { return { ok: response.ok, body: body }; });
        })
        .then(function (result) {
          setBusy(false);
          if (result.ok && result.body.status === 'success') {
            close();
            if (typeof options.callback === 'function') {
              options.callback({ reference: options.ref, trans: options.ref, status: 'success', message: 'Approved', transaction: options.ref });
            }
            return;
          }
          var fields = (result.body && result.body.error && result.body.error.fields) || {};
          var first = null;
          for (var key in inputs) {
            if (fields[key]) {
              inputs[key].show(fields[key]);
              first = first || inputs[key];
            }
          }
          if (first) {
            first.input.focus();
            return;
          }
          var text = (result.body && result.body.message) || (result.body && result.body.error && result.body.error.message) || 'Payment failed';
          message.textContent = text;
          card.input.focus();
        })
        .catch(function () {
          setBusy(false);
          message.textContent = 'Could not reach the payment server: try again';
        });
    });
  }

  window.PaystackPop = {
    __quickbuySandbox: true,
    setup: function (options) {
      return {
        openIframe: function () { open(options || {}); }
      };
    }
  };
})();
`;
