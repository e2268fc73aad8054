⍝ The paper's last pages ("Toward Solving Rubik's Cube"), loaded into every representation's
⍝ workspace: DO, the six tools, and the utilities, as printed with the scan's glyphs undone
⍝ (⍎ ⌽ ⍴ ← ⍳ ¯) and its lost bars and unreadable E restored as src/guide/tools.md reads them.
⍝ A barred letter is one character in a string, as in the paper's APL: ⍴'F̄D̄' is 2.
⍝ DO makes a string of move letters left to right: 'F̄D̄F' becomes the line F D̄ F̄ α, run by ⍎.
⍝ Its ω is ravelled (,ω): one move, 'R̄', is a scalar, which the paper's [1.5] cannot laminate.
DO: ⍎(⌽,' ',[1.5],ω),'α'
⍝ The paper first writes SWITCH right to left, R̄ D R D F D̄ F̄ ω: the same seven moves.
SWITCH: ω DO 'F̄D̄FDRDR̄'
TWIST: ω DO 'RDDR̄D̄RD̄R̄DD'
SNAP: ω DO 'F̄MFM̄'
LIFT: ω DO 'CDC̄D̄'
CYCLE: ω DO 'MLLM̄LL'
⍝ No reading of the printed 'MRMRMRMRMRMR' flips the two edges: this is the shortest
⍝ sequence of M and R that does, nearest the print (src/guide/tools.md).
FLIP: ω DO 'MRMRMRRM̄RM̄RM̄RR'
SCRAMBLE: ω DO 17 RANDOM 'UŪDD̄BB̄FF̄LL̄RR̄'
RANDOM: ω[?α⍴⍴ω]
⍝ α is every move letter followed by its inverse, 'UŪMM̄DD̄BB̄HH̄FF̄LL̄CC̄RR̄XX̄YȲZZ̄'.
INVERSE: ⌽α[ω+¯1+2×2|ω←α⍳ω]
