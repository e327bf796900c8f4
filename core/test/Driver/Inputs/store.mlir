// Input of plugins.test.
tt.func @f(%p: !tt.ptr<f32>, %v: f32) {
  tt.store %p, %v : !tt.ptr<f32>
  tt.return
}
