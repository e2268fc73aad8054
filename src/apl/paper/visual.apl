⍝ Visual: an 11×11 matrix, the cube seen from above as a square pyramid on a blank
⍝ background; the down centre is not represented, so X, Y, C and H are not defined.
⍝ The paper's display is (22⍴1 0)\CUBE. L is a table of cells (as 1-based indices of the
⍝ ravelled picture), F, R and B are L with the cube turned.
Z: ⌽⍉⍵
Z̄: ⊖⍉⍵
U: ⍵[I;I]←⌽⍉⍵[I;I←3+⍳5]
Ū: ⍵[I;I]←⊖⍉⍵[I;I←3+⍳5]
D: T←⌽⍉⍵ ⋄ T[I;I]←⍵[I;I←2+⍳7]
D̄: T←⊖⍉⍵ ⋄ T[I;I]←⍵[I;I←2+⍳7]
M: Ū D̄ Z ⍵
M̄: U D Z̄ ⍵
L: V←,⍵ ⋄ V[49 60 71 48 24 90 70 59 36 57 80 82 92 102 38 26 14 111 56 1]←V[14 26 38 24 90 70 48 36 57 80 59 49 60 71 1 56 111 82 92 102] ⋄ 11 11⍴V
L̄: V←,⍵ ⋄ V[14 26 38 24 90 70 48 36 57 80 59 49 60 71 1 56 111 82 92 102]←V[49 60 71 48 24 90 70 59 36 57 80 82 92 102 38 26 14 111 56 1] ⋄ 11 11⍴V
F: Z̄ L̄ Z ⍵
F̄: Z̄ L Z ⍵
R: Z Z L̄ Z Z ⍵
R̄: Z Z L Z Z ⍵
B: Z L Z̄ ⍵
B̄: Z L̄ Z̄ ⍵
