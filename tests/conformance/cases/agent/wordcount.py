text = '''The quick brown fox jumps over the lazy dog.
The dog barks; the fox runs away! Quick, quick.'''
import sys
words = [w.strip('.,;!').lower() for w in text.split()]
freq = {}
for w in words:
    freq[w] = freq.get(w, 0) + 1
top = sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
for word, n in top:
    print(f"{word:>6}: {'#' * n} ({n})")
print(len(words), len(freq), max(freq, key=freq.get))
lines = text.splitlines()
print([len(l) for l in lines], sys.argv[0].endswith('wordcount.py'))
