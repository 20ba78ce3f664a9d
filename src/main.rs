fn main() {
    satchel::ui::mount();
}
