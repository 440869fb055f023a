# Agent-style: tiny Markdown-to-HTML converter with regexes and a block state machine.
import re

DOC = """# Release notes
Version **2.1** is _finally_ out! See [the docs](https://example.com/docs?v=2&x=1).

## Changes
- Faster `parse()` (about 3x)
- New flag: `--dry-run`
- Fixed <script> escaping & friends

1. Download
2. Install
3. Enjoy

> Quote with **bold**
> second line

```
code block <b>not</b> parsed **here**
    indented
```
Final paragraph
spanning two lines.
"""

def escape(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")

INLINE = [
    (re.compile(r"`([^`]+)`"), lambda m: f"<code>{m[1]}</code>"),
    (re.compile(r"\*\*(.+?)\*\*"), lambda m: f"<strong>{m[1]}</strong>"),
    (re.compile(r"(?<!\w)_(.+?)_(?!\w)"), lambda m: f"<em>{m[1]}</em>"),
    (re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)"), lambda m: f'<a href="{m[2]}">{m[1]}</a>'),
]

def inline(text):
    text = escape(text)
    for pat, repl in INLINE:
        text = pat.sub(repl, text)
    return text

def convert(md):
    out, para, mode = [], [], None
    def flush_para():
        if para:
            out.append("<p>" + inline(" ".join(para)) + "</p>")
            para.clear()
    def close_mode():
        nonlocal mode
        if mode in ("ul", "ol", "blockquote"):
            out.append(f"</{mode}>")
        mode = None
    lines = md.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            flush_para(); close_mode()
            j = lines.index("```", i + 1)
            out.append("<pre><code>" + escape("\n".join(lines[i + 1:j])) + "</code></pre>")
            i = j + 1
            continue
        if m := re.match(r"(#{1,6})\s+(.*)", line):
            flush_para(); close_mode()
            level = len(m[1])
            slug = re.sub(r"[^a-z0-9]+", "-", m[2].lower()).strip("-")
            out.append(f'<h{level} id="{slug}">{inline(m[2])}</h{level}>')
        elif m := re.match(r"[-*]\s+(.*)", line):
            flush_para()
            if mode != "ul":
                close_mode(); out.append("<ul>"); mode = "ul"
            out.append(f"  <li>{inline(m[1])}</li>")
        elif m := re.match(r"\d+\.\s+(.*)", line):
            flush_para()
            if mode != "ol":
                close_mode(); out.append("<ol>"); mode = "ol"
            out.append(f"  <li>{inline(m[1])}</li>")
        elif line.startswith(">"):
            flush_para()
            if mode != "blockquote":
                close_mode(); out.append("<blockquote>"); mode = "blockquote"
            out.append("  " + inline(line[1:].strip()))
        elif not line.strip():
            flush_para(); close_mode()
        else:
            close_mode()
            para.append(line.strip())
        i += 1
    flush_para(); close_mode()
    return "\n".join(out)

html = convert(DOC)
print(html)
tags = re.findall(r"<(\w+)[ >]", html)
from collections import Counter
print(sorted(Counter(tags).items()))
print(len(html.splitlines()), html.count("&lt;"), re.findall(r'href="([^"]+)"', html))
toc = [(len(m[1]), m[2]) for m in re.finditer(r"^(#+) (.+)$", DOC, re.M)]
print("\n".join("  " * (lvl - 1) + f"- {title}" for lvl, title in toc))
print(inline("a_b_c and _emph_ and **x** `y*z`"), inline("2 < 3 & 4 > 1"))
