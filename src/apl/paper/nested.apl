⍝ Nested: a 3×3×3 array of 3-element vectors, each cubie's colours (∘ where none).
⍝ The paper's cover PERMUTE under its operator EACHRIGHT, whose definition the scan does
⍝ not give: the function on its left applied between the whole left argument and each
⍝ item of the right, read here as a direct definition of an operator (⍺⍺ its operand).
⍝ The permutation of the transpose and of the vectors is the same.
EACHRIGHT: (⊂⍺)⍺⍺¨⍵
PERMUTE: ⍵[⍺]
X: 2 1 3⍉⊖[1]2 1 3 PERMUTE EACHRIGHT ⍵
X̄: 2 1 3⍉⊖[2]2 1 3 PERMUTE EACHRIGHT ⍵
Y: 3 2 1⍉⌽[3]3 2 1 PERMUTE EACHRIGHT ⍵
Ȳ: 3 2 1⍉⌽[1]3 2 1 PERMUTE EACHRIGHT ⍵
Z: 1 3 2⍉⌽[2]1 3 2 PERMUTE EACHRIGHT ⍵
Z̄: 1 3 2⍉⌽[3]1 3 2 PERMUTE EACHRIGHT ⍵
L: (X⍵[;;,1]),[3]⍵[;;,2],[3]⍵[;;,3]
C: ⍵[;;,1],[3](X⍵[;;,2]),[3]⍵[;;,3]
R: ⍵[;;,1],[3]⍵[;;,2],[3]X⍵[;;,3]
L̄: (X̄⍵[;;,1]),[3]⍵[;;,2],[3]⍵[;;,3]
C̄: ⍵[;;,1],[3](X̄⍵[;;,2]),[3]⍵[;;,3]
R̄: ⍵[;;,1],[3]⍵[;;,2],[3]X̄⍵[;;,3]
B: (Y⍵[;,1;]),[2]⍵[;,2;],[2]⍵[;,3;]
H: ⍵[;,1;],[2](Y⍵[;,2;]),[2]⍵[;,3;]
F: ⍵[;,1;],[2]⍵[;,2;],[2]Y⍵[;,3;]
B̄: (Ȳ⍵[;,1;]),[2]⍵[;,2;],[2]⍵[;,3;]
H̄: ⍵[;,1;],[2](Ȳ⍵[;,2;]),[2]⍵[;,3;]
F̄: ⍵[;,1;],[2]⍵[;,2;],[2]Ȳ⍵[;,3;]
U: (Z⍵[,1;;]),[1]⍵[,2;;],[1]⍵[,3;;]
M: ⍵[,1;;],[1](Z⍵[,2;;]),[1]⍵[,3;;]
D: ⍵[,1;;],[1]⍵[,2;;],[1]Z⍵[,3;;]
Ū: (Z̄⍵[,1;;]),[1]⍵[,2;;],[1]⍵[,3;;]
M̄: ⍵[,1;;],[1](Z̄⍵[,2;;]),[1]⍵[,3;;]
D̄: ⍵[,1;;],[1]⍵[,2;;],[1]Z̄⍵[,3;;]
