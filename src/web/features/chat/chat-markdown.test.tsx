import { renderToStaticMarkup } from 'react-dom/server.edge';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ChatMarkdown, linkKind } from './chat-markdown';

const render = (text: string) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <ChatMarkdown text={text} />
    </MemoryRouter>,
  );

describe('linkKind', () => {
  it('sorts hrefs into our pages, the web and nowhere', () => {
    const kinds = (hrefs: (string | undefined)[]) => [...new Set(hrefs.map(linkKind))];
    expect(kinds(['/returns', '/device/abc'])).toEqual(['internal']);
    expect(kinds(['https://example.com/x', 'HTTP://example.com'])).toEqual(['external']);
    const nowhere = [
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'data:text/html,hi',
      'mailto:support@quickbuy.co.za',
      '',
      undefined,
    ];
    expect(kinds(nowhere)).toEqual(['none']);
  });
});

describe('ChatMarkdown', () => {
  it('renders our pages as same-tab links', () => {
    const html = render('See [Returns policy](/returns).');
    expect(html).toContain('<a');
    expect(html).toContain('href="/returns"');
    expect(html).not.toContain('target=');
  });

  it('opens other sites in a new tab without the opener', () => {
    const html = render('[Example](https://example.com/page)');
    expect(html).toContain('href="https://example.com/page"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it('renders javascript: and data: links as plain text', () => {
    const html = render('[Click me](javascript:alert(1)) and [this](data:text/html,hi)');
    expect(html).not.toContain('<a');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<span>Click me</span>');
    expect(html).toContain('<span>this</span>');
  });

  it('never renders raw HTML or images', () => {
    const html = render(
      'Hi <script>alert(1)</script><img src=x onerror=alert(1)> ![pixel](https://tracker.example/p.gif)',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('onerror');
    expect(html).toContain('pixel');
  });

  it('renders lists and bold text', () => {
    const html = render('**Shipping**\n\n- Standard\n- Express');
    expect(html).toContain('<strong>Shipping</strong>');
    expect(html).toContain('<li>Standard</li>');
  });
});
